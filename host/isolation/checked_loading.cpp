#include "isolation/checked_loading.hpp"

#include "isolation/worker_process.hpp"
#include "loader/manifest.hpp"

namespace toolhost::isolation {

void load_directory_checked(const std::string& dir, const CheckedLoadOptions& options,
                            loader::DirectoryLoad& out) {
  std::string error;
  auto files = loader::plugin_files(dir, &error);
  if (!error.empty()) {
    out.failures.push_back(loader::LoadFailure{dir, error.substr(dir.size() + 2)});
    return;
  }
  for (const auto& file : files) {
    bool isolated = options.isolated && options.isolated(file);
    std::string manifest;
    if (isolated || options.third_party) {
      if (options.memory) {
        if (auto cause = options.memory->refused(file)) {
          out.failures.push_back(
              loader::LoadFailure{file, *cause + " (remembered; refused until the file changes)"});
          continue;
        }
      }
      auto probed = WorkerProcess::spawn(options.worker, file);
      if (auto* cause = std::get_if<std::string>(&probed)) {
        if (options.memory) options.memory->remember(file, *cause);
        out.failures.push_back(loader::LoadFailure{file, *cause});
        continue;
      }
      if (options.memory) options.memory->forget(file);
      manifest = std::get<std::unique_ptr<WorkerProcess>>(probed)->manifest();
    }
    std::shared_ptr<loader::PluginLibrary> library;
    if (!isolated) {
      auto opened = loader::PluginLibrary::open(file);
      if (auto* failure = std::get_if<loader::LoadFailure>(&opened)) {
        out.failures.push_back(*failure);
        continue;
      }
      library = std::get<std::shared_ptr<loader::PluginLibrary>>(opened);
      manifest = library->manifest();
    }
    if (auto err = loader::read_manifest(manifest, file, options.third_party, out.candidates)) {
      out.failures.push_back(loader::LoadFailure{file, *err});
      continue;
    }
    loader::LoadedPlugin plugin;
    plugin.library = std::move(library);
    plugin.third_party = options.third_party;
    plugin.path = file;
    plugin.isolated = isolated;
    out.plugins.push_back(std::move(plugin));
  }
}

}  // namespace toolhost::isolation
