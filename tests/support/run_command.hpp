// Runs a shell command for a test and captures its exit code and output.
#pragma once

#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace toolhost::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout (and stderr when the command redirects it)
};

inline CommandResult run_command(const std::string& command) {
  CommandResult r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.output.append(buffer, n);
  int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

inline std::string toolhost_binary() { return std::string(TOOLHOST_BINARY_DIR) + "/toolhost"; }

}  // namespace toolhost::testing
