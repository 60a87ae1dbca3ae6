#include "loader/plugin_directory.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "loader/manifest.hpp"

namespace toolhost::loader {

namespace fs = std::filesystem;

std::vector<std::string> plugin_files(const std::string& dir, std::string* error) {
  std::vector<std::string> files;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    if (error) *error = dir + ": cannot read plugin directory: " + ec.message();
    return files;
  }
  for (const auto& entry : it) {
    const auto name = entry.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    if (name.size() < 4 || name.compare(name.size() - 3, 3, ".so") != 0) continue;
    std::error_code type_ec;
    if (!entry.is_regular_file(type_ec)) continue;
    files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void load_directory(const std::string& dir, bool third_party, DirectoryLoad& out) {
  std::string error;
  auto files = plugin_files(dir, &error);
  if (!error.empty()) {
    out.failures.push_back(LoadFailure{dir, error.substr(dir.size() + 2)});
    return;
  }
  for (const auto& file : files) {
    auto opened = PluginLibrary::open(file);
    if (auto* failure = std::get_if<LoadFailure>(&opened)) {
      out.failures.push_back(*failure);
      continue;
    }
    auto library = std::get<std::shared_ptr<PluginLibrary>>(opened);
    if (auto err = read_manifest(library->manifest(), file, third_party, out.candidates)) {
      out.failures.push_back(LoadFailure{file, *err});
      continue;
    }
    out.plugins.push_back(LoadedPlugin{std::move(library), third_party, file, false});
  }
}

}  // namespace toolhost::loader
