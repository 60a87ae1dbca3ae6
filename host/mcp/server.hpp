// Entry point of the MCP server: serves one session over a pair of file
// descriptors (stdin/stdout for `toolhost serve`).
#pragma once

#include "mcp/backend.hpp"

#include <string>

namespace toolhost::mcp {

struct ServerOptions {
  // Expose "math.calculate" as "math_calculate" for clients whose model API
  // requires ^[a-zA-Z0-9_-]{1,64}$ (see docs/mcp.md for the collision rule).
  bool map_names = false;
  enum class ApprovalMode { elicit_if_supported, out_of_band };
  ApprovalMode approval_mode = ApprovalMode::elicit_if_supported;
  std::string server_name = "toolhost";
  std::string server_version = "0.1.0";
  // Human-readable description of the session's version pins, sent in the
  // initialize/discover instructions so a pinned client can see them.
  std::string pinned_versions_note;
};

// Serves newline-delimited JSON-RPC 2.0 until in_fd reaches end of file.
// Only protocol messages are written to out_fd; diagnostics go to stderr.
// Returns 0 on a clean end of input, non-zero on an I/O error.
int serve_stdio(Backend& backend, const ServerOptions& options, int in_fd, int out_fd);

}  // namespace toolhost::mcp
