#include "startup_report.hpp"

#include <fstream>

#include "tz_version.hpp"
#include "zone_database.hpp"

namespace toolhost::system_plugin {

std::string installed_tz_version(const std::string& tzdata_zi_path) {
  std::ifstream file(tzdata_zi_path);
  std::string line;
  if (!std::getline(file, line)) return {};
  constexpr std::string_view kPrefix = "# version ";
  if (!line.starts_with(kPrefix)) return {};
  return line.substr(kPrefix.size());
}

std::string startup_report(const ZoneDatabase& zones, std::string_view installed) {
  std::string report = "system: zone data " + std::string(zones.version()) + " (" +
                       std::to_string(zones.zone_count()) + " accepted names) from " +
                       std::string(zones.directory()) + "\n";
  if (tz_version_is_newer(installed, zones.version())) {
    report += "system: the installed tz database " + std::string(installed) +
              " is newer than the generated zone data " + std::string(zones.version()) +
              "; rebuild the system plugin to follow it\n";
  }
  return report;
}

}  // namespace toolhost::system_plugin
