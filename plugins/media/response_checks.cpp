#include "response_checks.hpp"

#include <algorithm>
#include <cctype>

namespace toolhost::media {

GenerationOutcome check_status(unsigned status) {
  const std::string code = "HTTP status " + std::to_string(status);
  if (status == 200) return {};
  if (status >= 300 && status < 400)
    return GenerationOutcome::failure(GenerationError::provider_error,
                                      code + ": redirects are not followed");
  if (status >= 400 && status < 500)
    return GenerationOutcome::failure(GenerationError::rejected, code);
  return GenerationOutcome::failure(GenerationError::provider_error, code);
}

bool content_type_matches(std::string_view header, std::string_view expected) {
  std::string_view type = header.substr(0, header.find(';'));
  while (!type.empty() && (type.front() == ' ' || type.front() == '\t')) type.remove_prefix(1);
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.remove_suffix(1);
  return type.size() == expected.size() &&
         std::equal(type.begin(), type.end(), expected.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) ==
                  std::tolower(static_cast<unsigned char>(b));
         });
}

GenerationOutcome StreamValidator::feed(std::string_view chunk) {
  if (chunk.empty()) return {};
  if (chunk.size() > max_bytes_ - std::min(total_, max_bytes_))
    return GenerationOutcome::failure(GenerationError::too_large,
                                      "stream passed " + std::to_string(max_bytes_) + " bytes");
  total_ += chunk.size();
  if (signature_ok_) return emit(chunk);
  head_.append(chunk);
  if (head_.size() < kSignatureBytes) return {};
  if (sniff_media_type(head_) != expected_)
    return GenerationOutcome::failure(
        GenerationError::invalid_response,
        "body does not start with the " + std::string(media_type_name(expected_)) + " signature");
  signature_ok_ = true;
  std::string held = std::move(head_);
  head_.clear();
  return emit(held);
}

GenerationOutcome StreamValidator::finish() {
  if (total_ == 0)
    return GenerationOutcome::failure(GenerationError::invalid_response, "empty body");
  if (!signature_ok_)
    return GenerationOutcome::failure(GenerationError::invalid_response,
                                      "body too short to carry a signature");
  return {};
}

GenerationOutcome StreamValidator::emit(std::string_view bytes) {
  if (!sink_(bytes))
    return GenerationOutcome::failure(GenerationError::sink_refused,
                                      "the artifact writer refused the bytes");
  return {};
}

}  // namespace toolhost::media
