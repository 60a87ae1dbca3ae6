// A host with the hostile plugin in a third-party directory, and a pipeline
// over it, for the isolation tests and benchmark.
#pragma once

#include <boost/json.hpp>
#include <filesystem>
#include <memory>
#include <string>

#include "clock/fixed_clock.hpp"
#include "pipeline/pipeline.hpp"
#include "store/id_generator.hpp"

namespace toolhost::isolation::testing {

namespace fs = std::filesystem;

inline fs::path fresh_dir(const std::string& what) {
  static int counter = 0;
  auto dir =
      fs::temp_directory_path() / ("toolhost-isolation-" + what + "-" + std::to_string(::getpid()) +
                                   "-" + std::to_string(counter++));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

class OneCredential final : public credentials::CredentialSource {
 public:
  std::optional<std::string> lookup(std::string_view reference) const override {
    if (reference == "isolation_test") return std::string("s3cret");
    return std::nullopt;
  }
};

inline config::HostConfig third_party_config(const std::string& dir) {
  config::HostConfig c;
  c.plugin_dirs = {dir};
  c.plugin_domains = {"hostile"};
  return c;
}

struct IsolationHarness {
  std::unique_ptr<startup::LoadedHost> host;
  std::unique_ptr<store::Database> db;
  store::RandomUuidGenerator ids;
  clock::FixedClock clock{1785157391482913};
  OneCredential credentials;
  std::unique_ptr<pipeline::Pipeline> pipeline;
  fs::path workspace = fresh_dir("ws");

  explicit IsolationHarness(config::HostConfig config, isolation::WorkerSettings worker = {}) {
    startup::StartupOptions options;
    options.builtin_plugin_dir = fresh_dir("builtin").string();
    options.config = std::move(config);
    options.worker = worker;
    host = startup::start_host(options);
    store::DatabaseOptions db_options;
    db_options.state_dir = fresh_dir("state");
    db = std::move(*store::Database::open(db_options));
    pipeline::PipelineOptions pipeline_options;
    pipeline_options.worker = worker;
    pipeline =
        std::make_unique<pipeline::Pipeline>(*host, *db, ids, clock, credentials, pipeline_options);
  }

  pipeline::CallOutcome call(const std::string& tool, const std::string& args = "{}") {
    pipeline::CallRequest r;
    r.tool = registry::ToolRef::parse(tool);
    r.arguments_json = args;
    r.workspace_dir = workspace.string();
    return pipeline->call(r);
  }
};

}  // namespace toolhost::isolation::testing
