// The checks a provider response passes before and while its body streams:
// status, content type, declared length, signature, the byte cap and
// non-emptiness. Pure, so each failure shape has a unit test.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "media_generation_provider.hpp"
#include "media_signature.hpp"

namespace toolhost::media {

// none for 200; redirects are never followed (provider_error), 4xx is
// rejected, anything else a provider error.
GenerationOutcome check_status(unsigned status);

// The header's media type (parameters, case and blanks ignored) equals `expected`.
bool content_type_matches(std::string_view header, std::string_view expected);

// Feeds a body to a sink once its first bytes carry the expected signature,
// refusing it the moment it passes the cap.
class StreamValidator {
 public:
  StreamValidator(SniffedType expected, uint64_t max_bytes, const ByteSink& sink)
      : expected_(expected), max_bytes_(max_bytes), sink_(sink) {}

  GenerationOutcome feed(std::string_view chunk);
  // The body ended: refuses an empty or too-short body.
  GenerationOutcome finish();
  uint64_t byte_count() const { return total_; }

 private:
  GenerationOutcome emit(std::string_view bytes);

  SniffedType expected_;
  uint64_t max_bytes_;
  const ByteSink& sink_;
  uint64_t total_ = 0;
  std::string head_;  // held back until the signature is known
  bool signature_ok_ = false;
};

}  // namespace toolhost::media
