// The plugin being checked, composed inside a check's child process: the
// library loaded in process, its manifest registered against the builtin
// tables (with its PLUGIN domains opened, as an operator would), and a
// Pipeline over it with a fixed clock, a scratch state directory and
// workspace, and an executor that counts every invoke.
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "clock/fixed_clock.hpp"
#include "credentials/credential_source.hpp"
#include "pipeline/pipeline.hpp"
#include "registry/registration.hpp"
#include "store/database.hpp"
#include "store/id_generator.hpp"

namespace toolhost::conformance {

struct SuiteOptions {
  std::string plugin_path;
  int level = 5;  // 1..10
  uint64_t seed = 1;
};

// Counts calls that reached the plugin, then runs them in process.
class CountingExecutor final : public pipeline::Executor {
 public:
  pipeline::PluginResult run(std::shared_ptr<loader::PluginLibrary> plugin,
                             std::shared_ptr<pipeline::CallContext> context,
                             pipeline::InvokeInput input) override {
    invocations.fetch_add(1);
    return inner_.run(std::move(plugin), std::move(context), std::move(input));
  }
  std::atomic<int> invocations{0};

 private:
  pipeline::ThreadedExecutor inner_;
};

class PluginUnderTest {
 public:
  // Loads and registers; `error` says why not (load failure or refusals).
  static std::unique_ptr<PluginUnderTest> open(const SuiteOptions& options, std::string* error);
  ~PluginUnderTest();

  const std::vector<registry::ToolSpec>& tools() const { return host_->catalog.all(); }
  std::shared_ptr<loader::PluginLibrary> library() const { return library_; }
  pipeline::CallOutcome call(const registry::ToolSpec& spec, const std::string& arguments_json);
  int invocations() const { return executor_->invocations.load(); }
  const clock::Clock& clock() const { return clock_; }

  // Whether a generated call of this tool may run here: no effect outside
  // the scratch workspace, and no policy that denies it.
  std::optional<std::string> why_not_callable(const registry::ToolSpec& spec) const;

 private:
  PluginUnderTest() = default;
  std::filesystem::path scratch_;
  std::shared_ptr<loader::PluginLibrary> library_;
  std::unique_ptr<startup::LoadedHost> host_;
  std::unique_ptr<store::Database> db_;
  store::RandomUuidGenerator ids_;
  clock::FixedClock clock_{1785157391482913};
  credentials::NoCredentials credentials_;
  std::shared_ptr<CountingExecutor> executor_;
  std::unique_ptr<pipeline::Pipeline> pipeline_;
};

// Every declared tool as a registration candidate, with the plugin's PLUGIN
// domains opened in `partition`.
std::vector<registry::Candidate> candidates_of(const std::string& manifest,
                                               const std::string& origin,
                                               tables::PartitionTable& partition,
                                               std::string* error);

}  // namespace toolhost::conformance
