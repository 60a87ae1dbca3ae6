#include "cli/host_runtime.hpp"

#include <iostream>

#include "cli/exit_codes.hpp"
#include "clock/clock_flag.hpp"

extern char** environ;

namespace toolhost::cli {

std::unique_ptr<HostRuntime> open_runtime(const GlobalOptions& options, int& exit_code) {
  auto rt = std::make_unique<HostRuntime>();
  auto parsed = clock::parse_clock_flag(options.clock);
  if (!parsed.ok()) {
    std::cerr << "toolhost: --clock: " << parsed.error << "\n";
    exit_code = kExitUsage;
    return nullptr;
  }
  rt->clock = std::move(parsed.clock);
  rt->host = load_host(options, exit_code);
  if (!rt->host) return nullptr;
  store::DatabaseOptions db_options;
  db_options.state_dir = options.state_dir.empty() ? default_state_dir() : options.state_dir;
  auto db = store::Database::open(db_options);
  if (!db) {
    std::cerr << "toolhost: state store " << db_options.state_dir.string() << ": " << db.status().message
              << "\n";
    exit_code = kExitInternal;
    return nullptr;
  }
  rt->db = std::move(*db);
  rt->ids = std::make_unique<store::RandomUuidGenerator>();
  rt->credentials = std::make_unique<credentials::EnvironmentCredentialSource>(environ);
  pipeline::PipelineOptions pipeline_options;
  if (rt->host->config.default_scopes) pipeline_options.default_scopes = *rt->host->config.default_scopes;
  rt->pipeline = std::make_unique<pipeline::Pipeline>(*rt->host, *rt->db, *rt->ids, *rt->clock,
                                                      *rt->credentials, pipeline_options);
  return rt;
}

}  // namespace toolhost::cli
