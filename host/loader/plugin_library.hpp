// One loaded plugin shared object: the library (kept loaded for as long as
// anything it returned is alive), its negotiated function table and manifest.
#pragma once

#include <toolhost/plugin.h>

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

namespace boost::dll {
class shared_library;
}

namespace toolhost::loader {

// The ABI majors this host implements.
inline constexpr uint32_t kHostAbiMin = 1;
inline constexpr uint32_t kHostAbiMax = TOOLHOST_ABI_VERSION;

struct LoadFailure {
  std::string path;
  std::string cause;
  std::string line() const { return path + ": " + cause; }
};

class PluginLibrary {
 public:
  ~PluginLibrary();
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  // Loads `path`, finds the entry symbol and negotiates within [abi_min, abi_max].
  static std::variant<std::shared_ptr<PluginLibrary>, LoadFailure> open(
      const std::string& path, uint32_t abi_min = kHostAbiMin, uint32_t abi_max = kHostAbiMax);

  const std::string& path() const { return path_; }
  const th_plugin_v1& api() const { return *api_; }
  // The manifest bytes exactly as the plugin exported them.
  std::string manifest() const;

 private:
  PluginLibrary() = default;
  std::string path_;
  std::unique_ptr<boost::dll::shared_library> library_;
  const th_plugin_v1* api_ = nullptr;
};

}  // namespace toolhost::loader
