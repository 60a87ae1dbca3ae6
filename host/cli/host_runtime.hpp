// Everything a stateful subcommand needs, composed once: the loaded host, the
// state store, the clock, credentials and the pipeline.
#pragma once

#include <memory>
#include <string>

#include "cli/global_options.hpp"
#include "clock/clock.hpp"
#include "credentials/credential_source.hpp"
#include "pipeline/pipeline.hpp"
#include "store/database.hpp"
#include "store/id_generator.hpp"

namespace toolhost::cli {

struct HostRuntime {
  std::unique_ptr<startup::LoadedHost> host;
  std::unique_ptr<clock::Clock> clock;
  std::unique_ptr<credentials::CredentialSource> credentials;
  std::unique_ptr<store::Database> db;
  std::unique_ptr<store::IdGenerator> ids;
  std::unique_ptr<pipeline::Pipeline> pipeline;
};

// Loads the host and opens the state store; prints the problem and sets
// `exit_code` on failure.
std::unique_ptr<HostRuntime> open_runtime(const GlobalOptions& options, int& exit_code);

}  // namespace toolhost::cli
