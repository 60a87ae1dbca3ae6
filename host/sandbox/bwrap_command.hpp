// The bubblewrap command line of one run: which namespaces, which mounts,
// which environment. Building it is pure (it only looks at which system
// directories exist), so tests can read it.
#pragma once

#include <string>
#include <vector>

#include "sandbox/sandbox_config.hpp"

namespace toolhost::sandbox {

// The fd number bubblewrap writes its JSON status lines to; the process
// runner places the status pipe there.
inline constexpr int kStatusFd = 3;

// Where the workspace appears inside the sandbox, and the working directory.
inline constexpr const char* kSandboxWorkspace = "/workspace";

// argv for bubblewrap running `/bin/sh -c command` with `workspace_root`
// bind-mounted read-write at /workspace. argv[0] is config.bwrap_path.
std::vector<std::string> bwrap_argv(const SandboxConfig& config, const std::string& workspace_root,
                                    const std::string& command);

// The environment bubblewrap itself is executed with. The command's own
// environment is set inside by --clearenv/--setenv (see bwrap_argv).
std::vector<std::string> bwrap_environment();

}  // namespace toolhost::sandbox
