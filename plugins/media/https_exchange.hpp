// One HTTPS POST whose response body streams through the response checks:
// Boost.Beast over Boost.Asio SSL (OpenSSL), certificate and host name
// verification on, a direct connection (no proxy is consulted), the
// response's redirects never followed and nothing retried. A watchdog on the
// same io_context closes the socket on cancellation, on the deadline or on a
// stall, which ends the in-flight response.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "media_generation_provider.hpp"
#include "media_signature.hpp"
#include "tensorscale_endpoint.hpp"

namespace toolhost::media {

struct HttpsPost {
  std::string path;
  std::string body_json;
  std::string accept;         // also the one content type the response may carry
  std::string authorization;  // the header value; never logged or reported
  SniffedType expected = SniffedType::unknown;
  uint64_t max_bytes = 0;
};

// `closed` is the provider's close flag: once set, the exchange ends as
// cancelled at its next watchdog tick.
GenerationOutcome post_and_stream(const TensorScaleEndpoint& endpoint, const HttpsPost& post,
                                  const ByteSink& sink, const CallControl& control,
                                  const std::atomic<bool>& closed);

}  // namespace toolhost::media
