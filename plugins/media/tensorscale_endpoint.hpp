// Where the TensorScale adapter connects and whom it trusts. Production uses
// the fixed endpoint and the system's trust store; only the test build of the
// plugin may point it at a local server with a throwaway CA (docs/media.md).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::media {

inline constexpr std::string_view kTensorScaleHost = "api.tensorscale.ai";

struct TensorScaleEndpoint {
  std::string host{kTensorScaleHost};
  std::string port = "443";
  // PEM certificates that are then the only trust anchors; none: the system
  // trust store (OpenSSL's default verify paths).
  std::optional<std::string> trust_anchors_pem;
  // Silence tolerated while connecting, handshaking, sending and streaming
  // the body. Waiting for the response head is bounded only by the deadline,
  // because the provider generates before it answers.
  std::chrono::milliseconds stall_timeout{std::chrono::seconds(60)};
  // The adapter gives up this long before the call's deadline, so the tool
  // reports its own timeout (with the possible-charge warning) in time.
  std::chrono::milliseconds deadline_margin{std::chrono::seconds(2)};
};

TensorScaleEndpoint production_endpoint();

// "https://HOST[:PORT]" with nothing after it; anything else is refused
// (plain http, paths, credentials, queries).
std::optional<TensorScaleEndpoint> endpoint_from_base_url(std::string_view url);

}  // namespace toolhost::media
