// sandbox.run_command end to end: the builtin plugins under the pipeline
// (approval binding, provenance lowering a later read, result rendering),
// and the plugin alone against a backend that is missing.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "clock/fixed_clock.hpp"
#include "loader/plugin_library.hpp"
#include "pipeline/executor.hpp"
#include "pipeline/pipeline.hpp"
#include "sandbox/sandbox_service.hpp"
#include "sandbox_fixture.hpp"

namespace toolhost::sandbox_test {
namespace {

namespace json = boost::json;
using pipeline::CallOutcome;
using pipeline::CallStatus;

// A host over the builtin plugin directory (sandbox.so and workspace.so).
struct Host {
  fs::path state = scratch_dir("state");
  fs::path workspace = scratch_dir("session-ws");
  std::unique_ptr<startup::LoadedHost> host;
  std::unique_ptr<store::Database> db;
  store::RandomUuidGenerator ids;
  clock::FixedClock clock{1785157391482913};
  credentials::NoCredentials credentials;
  std::unique_ptr<pipeline::Pipeline> pipe;
  std::string session;

  Host() {
    startup::StartupOptions options;
    options.builtin_plugin_dir = TOOLHOST_BUILTIN_PLUGIN_DIR;
    host = startup::start_host(options);
    for (const auto& d : host->diagnostics) ADD_FAILURE() << d;
    store::DatabaseOptions db_options;
    db_options.state_dir = state;
    db = std::move(*store::Database::open(db_options));
    pipe = std::make_unique<pipeline::Pipeline>(*host, *db, ids, clock, credentials,
                                                pipeline::PipelineOptions{});
  }
  ~Host() {
    pipe.reset();
    db.reset();
    std::error_code ec;
    fs::remove_all(state, ec);
    fs::remove_all(workspace, ec);
  }

  CallOutcome call(const std::string& tool, const json::object& args, bool approve_inline = true) {
    pipeline::CallRequest r;
    r.tool = registry::ToolRef::parse(tool);
    r.arguments_json = json::serialize(args);
    r.session_id = session;
    r.workspace_dir = workspace.string();
    r.approve_inline = approve_inline;
    auto o = pipe->call(r);
    if (session.empty()) session = o.session_id;
    return o;
  }
  std::string read_trust(const std::string& path) {
    auto o = call("workspace.read_text", {{"path", path}});
    EXPECT_EQ(o.status, CallStatus::ok) << json::serialize(o.to_json());
    return o.output_trust;
  }
};

TEST(SandboxTool, AnApprovedInvocationRunsExactlyItsStoredArguments) {
  Host h;
  auto first = h.call("sandbox.run_command",
                      {{"command", "echo one > one.txt; echo ran-one"}, {"timeout_s", 5}}, false);
  ASSERT_EQ(first.status, CallStatus::awaiting_approval) << json::serialize(first.to_json());
  auto second = h.call("sandbox.run_command", {{"command", "echo two > two.txt"}}, false);
  ASSERT_EQ(second.status, CallStatus::awaiting_approval);
  EXPECT_EQ(h.pipe->invocations().get(first.invocation_id)->arguments_json,
            R"({"command":"echo one > one.txt; echo ran-one","timeout_s":5})")
      << "the approval binds the validated command and timeout";
  EXPECT_FALSE(fs::exists(h.workspace / "one.txt")) << "nothing runs before approval";

  auto approved = h.pipe->approve(first.invocation_id);
  ASSERT_EQ(approved.status, CallStatus::ok) << json::serialize(approved.to_json());
  EXPECT_EQ(approved.output.at("stdout").as_string(), "ran-one\n");
  EXPECT_EQ(read_file(h.workspace / "one.txt"), "one\n")
      << "in the session's workspace, at /workspace";
  EXPECT_FALSE(fs::exists(h.workspace / "two.txt")) << "approving one command authorizes no other";
  EXPECT_EQ(h.pipe->deny(second.invocation_id).failure->reason_code, "tool.approval_denied.denied");
  EXPECT_FALSE(fs::exists(h.workspace / "two.txt"));

  // The stored timeout is the one that runs.
  auto slow = h.call("sandbox.run_command", {{"command", "sleep 30"}, {"timeout_s", 1}}, false);
  auto start = std::chrono::steady_clock::now();
  auto slow_run = h.pipe->approve(slow.invocation_id);
  ASSERT_EQ(slow_run.status, CallStatus::ok) << json::serialize(slow_run.to_json());
  EXPECT_TRUE(slow_run.output.at("timed_out").as_bool());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(SandboxTool, ANonZeroExitIsASuccessfulCallWithUntrustedOutput) {
  Host h;
  auto o = h.call("sandbox.run_command", {{"command", "echo out; echo err >&2; exit 7"}});
  ASSERT_EQ(o.status, CallStatus::ok) << json::serialize(o.to_json());
  const auto& out = o.output.as_object();
  EXPECT_EQ(out.at("exit_code").as_int64(), 7);
  EXPECT_EQ(out.at("stdout").as_string(), "out\n");
  EXPECT_EQ(out.at("stderr").as_string(), "err\n");
  EXPECT_FALSE(out.at("stdout_truncated").as_bool());
  EXPECT_FALSE(out.at("stderr_truncated").as_bool());
  EXPECT_FALSE(out.at("timed_out").as_bool());
  EXPECT_TRUE(out.at("duration_ms").is_int64());
  EXPECT_EQ(out.size(), 7u);
  EXPECT_EQ(o.output_trust, "EXTERNAL_UNTRUSTED");
  EXPECT_EQ(json::parse(o.content), o.output) << "the model reads the result object";
}

TEST(SandboxTool, SandboxWrittenProvenanceLowersALaterRead) {
  Host h;
  ASSERT_EQ(
      h.call("workspace.write_text", {{"path", "notes.txt"}, {"content", "tool text"}}).status,
      CallStatus::ok);
  ASSERT_EQ(h.call("workspace.write_text", {{"path", "kept.txt"}, {"content", "tool text"}}).status,
            CallStatus::ok);
  EXPECT_EQ(h.read_trust("notes.txt"), "INTERNAL_TOOL") << "control: a tool's own file is trusted";

  auto run = h.call("sandbox.run_command",
                    {{"command", "echo sandboxed > notes.txt; echo new > made.txt"}});
  ASSERT_EQ(run.status, CallStatus::ok) << json::serialize(run.to_json());
  EXPECT_EQ(h.read_trust("notes.txt"), "EXTERNAL_UNTRUSTED") << "a path a tool had written before";
  EXPECT_EQ(h.read_trust("made.txt"), "EXTERNAL_UNTRUSTED");
  EXPECT_EQ(h.read_trust("kept.txt"), "INTERNAL_TOOL") << "an untouched file keeps its provenance";

  // A later tool write does not launder the sandbox's path.
  ASSERT_EQ(
      h.call("workspace.write_text", {{"path", "notes.txt"}, {"content", "tool again"}}).status,
      CallStatus::ok);
  EXPECT_EQ(h.read_trust("notes.txt"), "EXTERNAL_UNTRUSTED");
}

// The plugin alone, with a service table bound the way the pipeline binds it
// but a backend that does not exist.
struct PluginCall {
  std::shared_ptr<loader::PluginLibrary> library;
  PluginCall() {
    auto opened =
        loader::PluginLibrary::open(std::string(TOOLHOST_BUILTIN_PLUGIN_DIR) + "/sandbox.so");
    if (auto* failure = std::get_if<loader::LoadFailure>(&opened))
      ADD_FAILURE() << failure->line();
    else
      library = std::get<std::shared_ptr<loader::PluginLibrary>>(opened);
  }
  pipeline::PluginResult invoke(const th_host_services& services, std::string_view args) {
    th_invoke_request request{sizeof(th_invoke_request),
                              sdk_str("sandbox.run_command"),
                              sdk_str("1.0.0"),
                              sdk_str(args),
                              sdk_str("inv"),
                              sdk_str("session")};
    th_invoke_result raw{};
    raw.struct_size = sizeof raw;
    pipeline::PluginResult out;
    out.returned = true;
    if (library->api().invoke(library->api().self, &request, &services, &raw) == 0)
      pipeline::take_result(raw, out);
    return out;
  }
  static th_str sdk_str(std::string_view s) { return th_str{s.data(), s.size()}; }
};

sandbox::SandboxCallContext* context_itself(void* host) {
  return static_cast<sandbox::SandboxCallContext*>(host);
}

TEST(SandboxTool, AMissingBackendIsUnavailableWithItsOwnReasonCode) {
  PluginCall plugin;
  ASSERT_TRUE(plugin.library);
  TestWorkspace ws;
  sandbox::SandboxConfig config;
  config.bwrap_path = "/nonexistent/bwrap";
  sandbox::SandboxCallContext context;
  context.workspace = ws.handle.get();
  context.config = &config;
  th_host_services services{};
  services.struct_size = sizeof services;
  services.host = &context;
  sandbox::bind_sandbox_service<&context_itself>(services);

  auto r = plugin.invoke(services, R"({"command":"echo never"})");
  EXPECT_EQ(r.status, TH_INVOKE_FAILED);
  EXPECT_EQ(r.reason_code, "tool.unavailable.sandbox_backend");
  EXPECT_NE(r.detail.find("/nonexistent/bwrap"), std::string::npos) << r.detail;

  config.bwrap_path = sandbox::SandboxConfig{}.bwrap_path;  // control: the real backend runs it
  r = plugin.invoke(services, R"({"command":"echo ran"})");
  ASSERT_EQ(r.status, TH_INVOKE_OK) << r.reason_code << ": " << r.detail;
  EXPECT_EQ(json::parse(r.output_json).at("stdout").as_string(), "ran\n");

  // A host whose table predates sandbox_run grants no sandbox.
  services.struct_size = offsetof(th_host_services, sandbox_run);
  r = plugin.invoke(services, R"({"command":"echo never"})");
  EXPECT_EQ(r.reason_code, "tool.unavailable.not_granted");
}

}  // namespace
}  // namespace toolhost::sandbox_test
