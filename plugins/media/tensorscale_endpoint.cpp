#include "tensorscale_endpoint.hpp"

#include <algorithm>

namespace toolhost::media {

TensorScaleEndpoint production_endpoint() {
  return TensorScaleEndpoint{};
}

std::optional<TensorScaleEndpoint> endpoint_from_base_url(std::string_view url) {
  constexpr std::string_view scheme = "https://";
  if (!url.starts_with(scheme)) return std::nullopt;
  std::string_view authority = url.substr(scheme.size());
  if (authority.ends_with('/')) authority.remove_suffix(1);
  if (authority.empty() || authority.find_first_of("/?#@[] ") != std::string_view::npos)
    return std::nullopt;
  TensorScaleEndpoint endpoint;
  const auto colon = authority.find(':');
  endpoint.host = std::string(authority.substr(0, colon));
  if (colon != std::string_view::npos) {
    endpoint.port = std::string(authority.substr(colon + 1));
    const bool digits = !endpoint.port.empty() && endpoint.port.size() <= 5 &&
                        std::all_of(endpoint.port.begin(), endpoint.port.end(),
                                    [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) return std::nullopt;
  }
  if (endpoint.host.empty()) return std::nullopt;
  return endpoint;
}

}  // namespace toolhost::media
