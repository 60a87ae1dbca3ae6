// `toolhost serve`: the catalog over the Model Context Protocol on stdio.
// One connection is one session; its pins come from --pin or a session file.
#include <unistd.h>

#include <boost/json.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bridge/pipeline_backend.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/host_runtime.hpp"
#include "mcp/server.hpp"

namespace toolhost::cli {

namespace {

struct ServeValues {
  std::vector<std::string> pins;
  std::vector<std::string> scopes;
  std::string session_file;
  std::string workspace;
  std::string approval = "elicit";
  bool map_names = false;
};

// {"pins": ["NAME@VERSION", ...], "scopes": [...], "workspace": "DIR"}
bool read_session_file(const std::string& path, ServeValues& v) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "toolhost: serve: cannot read session file " << path << "\n";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  boost::json::error_code ec;
  auto doc = boost::json::parse(text.str(), ec);
  if (ec || !doc.is_object()) {
    std::cerr << "toolhost: serve: session file " << path << " is not a JSON object\n";
    return false;
  }
  for (const auto& [key, value] : doc.as_object()) {
    auto strings = [&](std::vector<std::string>& out) {
      if (!value.is_array()) return false;
      for (const auto& x : value.as_array()) {
        if (!x.is_string()) return false;
        out.emplace_back(x.as_string());
      }
      return true;
    };
    bool ok = key == "pins"        ? strings(v.pins)
              : key == "scopes"    ? strings(v.scopes)
              : key == "workspace" ? (value.is_string() ? (v.workspace = value.as_string(), true) : false)
                                   : false;
    if (!ok) {
      std::cerr << "toolhost: serve: session file " << path << ": bad or unknown key \"" << key << "\"\n";
      return false;
    }
  }
  return true;
}

int run_serve(const GlobalOptions& global, ServeValues v) {
  if (!v.session_file.empty() && !read_session_file(v.session_file, v)) return kExitUsage;
  pipeline::SessionRequest request;
  for (const auto& p : v.pins) {
    auto ref = registry::ToolRef::parse(p);
    if (!ref.version) {
      std::cerr << "toolhost: serve: --pin " << p << ": expected NAME@VERSION\n";
      return kExitUsage;
    }
    request.pins.push_back(ref);
  }
  if (!v.scopes.empty()) request.scopes = v.scopes;
  request.workspace_dir = v.workspace;

  // Protocol messages get a private copy of stdout; fd 1 then points at
  // stderr, so nothing a plugin prints can corrupt the protocol stream.
  int protocol_out = dup(STDOUT_FILENO);
  if (protocol_out < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::cerr << "toolhost: serve: cannot set up standard output\n";
    return kExitInternal;
  }
  int code = kExitOk;
  auto rt = open_runtime(global, code);
  if (!rt) return code;
  std::string error;
  auto session = rt->pipeline->create_session(request, &error);
  if (!session) {
    std::cerr << "toolhost: serve: " << error << "\n";
    return kExitUsage;
  }
  mcp::ServerOptions options;
  options.map_names = v.map_names;
  options.approval_mode = v.approval == "out-of-band" ? mcp::ServerOptions::ApprovalMode::out_of_band
                                                      : mcp::ServerOptions::ApprovalMode::elicit_if_supported;
  std::string note;
  for (const auto& [name, version] : session->catalog) note += (note.empty() ? "" : ", ") + name + " " + version;
  options.pinned_versions_note = "This session's tool versions (fixed for the session): " + note + ".";
  std::cerr << "toolhost: serve: session " << session->id << "\n";
  bridge::PipelineBackend backend(*rt->pipeline, session->id);
  int rc = mcp::serve_stdio(backend, options, STDIN_FILENO, protocol_out);
  return rc == 0 ? kExitOk : kExitInternal;
}

}  // namespace

void add_serve_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto v = std::make_shared<ServeValues>();
  auto* serve = app.add_subcommand(
      "serve", "Serve the catalog over the Model Context Protocol on stdio (one connection, one session)");
  serve->add_option("--pin", v->pins, "Pin NAME@VERSION for this session (repeatable)");
  serve->add_option("--scope", v->scopes, "Grant a scope (repeatable; default: every scope the builtins use)");
  serve->add_option("--session-file", v->session_file,
                    "JSON {\"pins\": [...], \"scopes\": [...], \"workspace\": DIR} for the session");
  serve->add_option("--workspace", v->workspace, "The session's workspace directory");
  serve->add_option("--approval", v->approval,
                    "elicit: ask a client that declares elicitation; out-of-band: always defer to "
                    "`toolhost approvals`")
      ->check(CLI::IsMember({"elicit", "out-of-band"}));
  serve->add_flag("--map-names", v->map_names,
                  "Expose math.calculate as math_calculate for model APIs that forbid dots");
  serve->callback([&global, &exit_code, v] { exit_code = run_serve(global, *v); });
}

}  // namespace toolhost::cli
