#include "store/invocation.hpp"

#include <array>
#include <utility>

namespace toolhost::store {
namespace {

constexpr std::array<std::pair<InvocationStatus, std::string_view>, 6> kNames{{
    {InvocationStatus::running, "running"},
    {InvocationStatus::awaiting_approval, "awaiting_approval"},
    {InvocationStatus::approved, "approved"},
    {InvocationStatus::succeeded, "succeeded"},
    {InvocationStatus::failed, "failed"},
    {InvocationStatus::denied, "denied"},
}};

}  // namespace

std::string_view to_string(InvocationStatus status) {
  for (const auto& [value, name] : kNames) {
    if (value == status) return name;
  }
  return "running";
}

std::optional<InvocationStatus> parse_invocation_status(std::string_view text) {
  for (const auto& [value, name] : kNames) {
    if (name == text) return value;
  }
  return std::nullopt;
}

}  // namespace toolhost::store
