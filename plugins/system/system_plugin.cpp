// The system plugin's entry point. It is written out rather than taken from
// TOOLHOST_PLUGIN because loading has a step of its own: ICU must be pointed
// at the generated zone data before anything uses a zone, and a plugin that
// could only offer ICU's older built-in data refuses to load.
#include <cstdio>
#include <mutex>
#include <string>

#include <toolhost/plugin.hpp>

#include "current_time_tool.hpp"
#include "startup_report.hpp"
#include "toolhost_manifest_json.hpp"
#include "zone_database.hpp"

namespace {

using toolhost::system_plugin::ZoneDatabase;

// The plugin has no host services at load time, so the one startup line goes
// to stderr, which the host passes through to its operator log.
void report_once(const ZoneDatabase& zones) {
  static std::once_flag once;
  std::call_once(once, [&zones] {
    const std::string installed =
        toolhost::system_plugin::installed_tz_version(TOOLHOST_SYSTEM_TZDATA_ZI);
    const std::string report = toolhost::system_plugin::startup_report(zones, installed);
    std::fputs(report.c_str(), stderr);
  });
}

}  // namespace

extern "C" TOOLHOST_EXPORT int32_t toolhost_plugin_entry(const th_host_offer* offer,
                                                         const th_plugin_v1** plugin) {
  try {
    std::string error;
    const ZoneDatabase* zones = ZoneDatabase::instance(&error);
    if (zones == nullptr) {
      std::fprintf(stderr, "system: cannot load zone data: %s\n", error.c_str());
      return TH_ENTRY_FAILED;
    }
    static toolhost::sdk::Plugin instance(
        toolhost_embedded::toolhost_manifest_json,
        {{"system.current_time", "1.0.0",
          [zones](const toolhost::sdk::Call& call, toolhost::sdk::Context& context) {
            return toolhost::system_plugin::current_time(*zones, call, context);
          }}});
    const int32_t status = instance.entry(offer, plugin);
    if (status == TH_ENTRY_OK) report_once(*zones);
    return status;
  } catch (...) {
    return TH_ENTRY_FAILED;
  }
}
