// The zone data system.current_time converts with: ICU's TimeZone, loaded
// from the zoneinfo64.res generated at build time from the installed tz
// database rather than the older copy compiled into ICU.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <unicode/timezone.h>

namespace toolhost::system_plugin {

class ZoneDatabase {
 public:
  // The process's database, initialised on first use: points ICU at the
  // generated data directory (before any other zone use, which is why this
  // runs from the plugin's entry point), checks that ICU really serves the
  // generated release, and resolves every accepted name once. Null on
  // failure, with the reason in *error.
  static const ZoneDatabase* instance(std::string* error);

  std::string_view version() const { return version_; }
  std::string_view directory() const { return directory_; }
  size_t zone_count() const { return zones_.size(); }

  // The zone for an accepted name; null for every other name.
  const icu::TimeZone* find(std::string_view name) const;

  // The zone's offset east of UTC at the instant, in seconds.
  static std::optional<int32_t> offset_seconds(const icu::TimeZone& zone, int64_t utc_us);

 private:
  ZoneDatabase() = default;

  std::string version_;
  std::string directory_;
  std::map<std::string, std::unique_ptr<icu::TimeZone>, std::less<>> zones_;
};

}  // namespace toolhost::system_plugin
