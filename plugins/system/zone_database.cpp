#include "zone_database.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <unicode/putil.h>
#include <unicode/strenum.h>
#include <unicode/unistr.h>

#include "zone_data_version.hpp"
#include "zone_name_rule.hpp"

namespace toolhost::system_plugin {
namespace {

// The generated data sits next to the plugin file (the layout of the build
// tree and of an install); the directory it was generated into is the
// fallback for a plugin file copied elsewhere.
std::string sibling_data_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&sibling_data_directory), &info) == 0 || !info.dli_fname)
    return {};
  std::string path = info.dli_fname;
  const size_t slash = path.rfind('/');
  path = slash == std::string::npos ? std::string(".") : path.substr(0, slash);
  return path + "/system-zoneinfo";
}

std::string find_data_directory() {
  for (const std::string& dir :
       {sibling_data_directory(), std::string(TOOLHOST_SYSTEM_ZONEINFO_DIR)}) {
    if (!dir.empty() && access((dir + "/zoneinfo64.res").c_str(), R_OK) == 0) return dir;
  }
  return {};
}

struct Loaded {
  std::unique_ptr<ZoneDatabase> database;
  std::string error;
};

std::string to_utf8(const icu::UnicodeString& s) {
  std::string out;
  return s.toUTF8String(out);
}

}  // namespace

const ZoneDatabase* ZoneDatabase::instance(std::string* error) {
  static const Loaded loaded = []() -> Loaded {
    std::unique_ptr<ZoneDatabase> db(new ZoneDatabase());
    db->directory_ = find_data_directory();
    if (db->directory_.empty())
      return {nullptr, "no zoneinfo64.res next to the plugin or in " TOOLHOST_SYSTEM_ZONEINFO_DIR};
    UErrorCode status = U_ZERO_ERROR;
    u_setTimeZoneFilesDirectory(db->directory_.c_str(), &status);
    if (U_FAILURE(status))
      return {nullptr, std::string("u_setTimeZoneFilesDirectory: ") + u_errorName(status)};
    const char* version = icu::TimeZone::getTZDataVersion(status);
    if (U_FAILURE(status) || version == nullptr)
      return {nullptr, std::string("ICU zone data version: ") + u_errorName(status)};
    db->version_ = version;
    // ICU silently falls back to its built-in data when the directory is not
    // used (zone data already loaded by someone else in the process, or an
    // unreadable file): refuse to serve that older data.
    if (db->version_ != kGeneratedTzVersion)
      return {nullptr, "ICU serves zone data " + db->version_ + ", expected the generated " +
                           kGeneratedTzVersion + " from " + db->directory_};

    std::unique_ptr<icu::StringEnumeration> ids(icu::TimeZone::createEnumeration(status));
    if (U_FAILURE(status) || !ids)
      return {nullptr, std::string("ICU zone enumeration: ") + u_errorName(status)};
    for (const icu::UnicodeString* id = ids->snext(status); id && U_SUCCESS(status);
         id = ids->snext(status)) {
      std::string name = to_utf8(*id);
      if (!has_accepted_shape(name)) continue;
      std::unique_ptr<icu::TimeZone> zone(icu::TimeZone::createTimeZone(*id));
      icu::UnicodeString resolved;
      if (!zone || to_utf8(zone->getID(resolved)) != name)
        return {nullptr, "zone data lists " + name + " but ICU does not resolve it"};
      db->zones_.emplace(std::move(name), std::move(zone));
    }
    if (U_FAILURE(status))
      return {nullptr, std::string("ICU zone enumeration: ") + u_errorName(status)};
    if (!db->zones_.contains("UTC")) return {nullptr, "zone data has no UTC"};
    return {std::move(db), {}};
  }();
  if (!loaded.database && error) *error = loaded.error;
  return loaded.database.get();
}

const icu::TimeZone* ZoneDatabase::find(std::string_view name) const {
  const auto it = zones_.find(name);
  return it == zones_.end() ? nullptr : it->second.get();
}

std::optional<int32_t> ZoneDatabase::offset_seconds(const icu::TimeZone& zone, int64_t utc_us) {
  // UDate is milliseconds in a double, exact for any instant within +-2^53 ms.
  const int64_t ms = utc_us / 1000 - (utc_us % 1000 < 0 ? 1 : 0);
  int32_t raw = 0;
  int32_t dst = 0;
  UErrorCode status = U_ZERO_ERROR;
  zone.getOffset(static_cast<UDate>(ms), false, raw, dst, status);
  if (U_FAILURE(status)) return std::nullopt;
  return (raw + dst) / 1000;
}

}  // namespace toolhost::system_plugin
