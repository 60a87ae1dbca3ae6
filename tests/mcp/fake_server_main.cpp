// toolhost_mcp_fake_server: serves the FakeBackend over stdio with the real
// protocol layer, so the end-to-end tests and the benchmark can run before
// `toolhost serve` exists.
//
//   toolhost_mcp_fake_server [--map-names] [--approval=elicit|out-of-band]
//                            [--pin NAME@VERSION]... [--manifest-dir DIR]
#include "fake_backend.hpp"
#include "mcp/server.hpp"

#include <unistd.h>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>

int main(int argc, char** argv) {
  using toolhost::mcp::ServerOptions;
  ServerOptions options;
  options.server_name = "toolhost-fake";
  std::string manifest_dir = TOOLHOST_MANIFEST_DIR;
  std::map<std::string, std::string> pins;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--map-names") {
      options.map_names = true;
    } else if (arg == "--approval=out-of-band") {
      options.approval_mode = ServerOptions::ApprovalMode::out_of_band;
    } else if (arg == "--approval=elicit") {
      options.approval_mode = ServerOptions::ApprovalMode::elicit_if_supported;
    } else if (arg == "--pin" && i + 1 < argc) {
      const std::string pin = argv[++i];
      const auto at = pin.find('@');
      if (at == std::string::npos) {
        std::fprintf(stderr, "--pin wants NAME@VERSION, got %s\n", pin.c_str());
        return 2;
      }
      pins[pin.substr(0, at)] = pin.substr(at + 1);
    } else if (arg == "--manifest-dir" && i + 1 < argc) {
      manifest_dir = argv[++i];
    } else {
      std::fprintf(stderr, "unknown argument %s\n", arg.c_str());
      return 2;
    }
  }
  for (const auto& [name, version] : pins) {
    if (!options.pinned_versions_note.empty()) options.pinned_versions_note += " ";
    options.pinned_versions_note += "This session is pinned to " + name + " " + version + ".";
  }
  toolhost::mcp::testing::FakeBackend backend(manifest_dir, pins);
  return toolhost::mcp::serve_stdio(backend, options, STDIN_FILENO, STDOUT_FILENO);
}
