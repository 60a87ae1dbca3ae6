// ABI negotiation: the plugin implements an ABI in the host's range, and
// answers ABI_UNSUPPORTED (not a crash, not a table) for ranges it does not.
#include <variant>

#include "conformance/checks.hpp"
#include "loader/plugin_library.hpp"

namespace toolhost::conformance {

CheckResult check_abi_negotiates(const SuiteOptions& options) {
  auto opened = loader::PluginLibrary::open(options.plugin_path);
  if (auto* f = std::get_if<loader::LoadFailure>(&opened)) return fail(f->cause);
  const auto& api = std::get<std::shared_ptr<loader::PluginLibrary>>(opened)->api();
  return pass("implements ABI " + std::to_string(api.abi_version) + " of [" +
              std::to_string(loader::kHostAbiMin) + ", " + std::to_string(loader::kHostAbiMax) +
              "]");
}

CheckResult check_abi_refuses_foreign_range(const SuiteOptions& options) {
  // A future host that has dropped every ABI this header knows, and a range
  // below the first ABI: both must be refused with ABI_UNSUPPORTED.
  const std::pair<uint32_t, uint32_t> ranges[] = {
      {TOOLHOST_ABI_VERSION + 1, TOOLHOST_ABI_VERSION + 7}, {0, 0}};
  std::string covered;
  for (auto [lo, hi] : ranges) {
    auto opened = loader::PluginLibrary::open(options.plugin_path, lo, hi);
    std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    auto* f = std::get_if<loader::LoadFailure>(&opened);
    if (!f)
      return fail("accepted the host range " + range + " although it implements no ABI in it");
    // The loader also stops a plugin that accepts and then answers an ABI
    // outside the range; that protects the host but is not a clean refusal.
    if (f->cause.find("implements no ABI version in") == std::string::npos)
      return fail("range " + range + " was not refused with ABI_UNSUPPORTED: " + f->cause);
    covered += (covered.empty() ? "" : ", ") + range;
  }
  return pass("refused " + covered + " with ABI_UNSUPPORTED");
}

}  // namespace toolhost::conformance
