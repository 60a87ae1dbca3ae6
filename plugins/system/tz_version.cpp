#include "tz_version.hpp"

#include <algorithm>
#include <tuple>

namespace toolhost::system_plugin {
namespace {

bool well_formed(std::string_view v) {
  return v.size() > 4 &&
         std::all_of(v.begin(), v.begin() + 4, [](char c) { return c >= '0' && c <= '9'; }) &&
         std::all_of(v.begin() + 4, v.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

bool tz_version_is_newer(std::string_view a, std::string_view b) {
  if (!well_formed(a) || !well_formed(b)) return false;
  const auto key = [](std::string_view v) {
    return std::make_tuple(v.substr(0, 4), v.size(), v.substr(4));
  };
  return key(a) > key(b);
}

}  // namespace toolhost::system_plugin
