// Loads every plugin of a directory: each regular file whose name ends in
// ".so" (hidden files are skipped), in bytewise name order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "loader/plugin_library.hpp"
#include "registry/registration.hpp"

namespace toolhost::loader {

struct LoadedPlugin {
  // Null when the plugin runs in a worker process (it is never loaded here).
  std::shared_ptr<PluginLibrary> library;
  bool third_party = false;
  std::string path;
  bool isolated = false;
};

struct DirectoryLoad {
  std::vector<LoadedPlugin> plugins;
  std::vector<registry::Candidate> candidates;
  std::vector<LoadFailure> failures;
  bool ok() const { return failures.empty(); }
};

// Lists the plugin files of `dir` (sorted); an error string when `dir` cannot be read.
std::vector<std::string> plugin_files(const std::string& dir, std::string* error);

// Loads every plugin file of `dir` and reads its manifest into `out`.
void load_directory(const std::string& dir, bool third_party, DirectoryLoad& out);

}  // namespace toolhost::loader
