// The pipeline's steps and failure kinds, against fixture plugins whose
// behaviour is chosen by tool name (tests/fixtures/fixture_plugin.cpp).
#include "pipeline/pipeline.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "clock/fixed_clock.hpp"
#include "support/run_command.hpp"

namespace toolhost::pipeline {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;

const std::string kDirs = PIPELINE_FIXTURE_DIRS;

fs::path fresh_state_dir() {
  static int counter = 0;
  auto dir = fs::temp_directory_path() / ("toolhost-pipeline-test-" + std::to_string(::getpid()) +
                                          "-" + std::to_string(counter++));
  fs::remove_all(dir);
  return dir;
}

struct Harness {
  std::unique_ptr<startup::LoadedHost> host;
  std::unique_ptr<store::Database> db;
  store::RandomUuidGenerator ids;
  clock::FixedClock clock{1785157391482913};
  credentials::NoCredentials credentials;
  std::unique_ptr<Pipeline> pipeline;

  explicit Harness(const std::string& plugin_dir, config::HostConfig config = {},
                   fs::path state = fresh_state_dir()) {
    startup::StartupOptions options;
    options.builtin_plugin_dir = plugin_dir.front() == '/' ? plugin_dir : kDirs + "/" + plugin_dir;
    options.config = std::move(config);
    host = startup::start_host(options);
    for (const auto& d : host->diagnostics) ADD_FAILURE() << d;
    store::DatabaseOptions db_options;
    db_options.state_dir = state;
    db = std::move(*store::Database::open(db_options));
    pipeline = std::make_unique<Pipeline>(*host, *db, ids, clock, credentials, PipelineOptions{});
  }

  CallOutcome call(const std::string& tool, const std::string& args = "{}",
                   std::string session = "") {
    CallRequest r;
    r.tool = registry::ToolRef::parse(tool);
    r.arguments_json = args;
    r.session_id = std::move(session);
    return pipeline->call(r);
  }
  store::Invocation row(const std::string& id) { return *pipeline->invocations().get(id); }
};

void expect_failure(const CallOutcome& o, const std::string& kind, const std::string& code) {
  EXPECT_EQ(o.status, CallStatus::failed);
  ASSERT_TRUE(o.failure) << json::serialize(o.to_json());
  EXPECT_EQ(o.failure->kind, kind) << json::serialize(o.to_json());
  EXPECT_EQ(o.failure->reason_code, code) << json::serialize(o.to_json());
  EXPECT_EQ(o.content, tables::MessageTable::builtin().find(code)->message);
}

TEST(PipelineResolve, SessionsSnapshotTheCatalogAndPinsResolveExactly) {
  auto state = fresh_state_dir();
  std::string old_session;
  {
    Harness only_v1("v1", {}, state);  // a host with demo.echo 1.0.0 only
    auto o = only_v1.call("demo.echo", R"({"text":"a"})");
    ASSERT_EQ(o.status, CallStatus::ok);
    EXPECT_EQ(o.version, "1.0.0");
    old_session = o.session_id;
  }
  Harness upgraded("all", {}, state);  // 2.0.0 installed since
  auto o = upgraded.call("demo.echo", R"({"text":"a"})", old_session);
  EXPECT_EQ(o.version, "1.0.0") << "an existing session keeps its snapshot";
  EXPECT_EQ(upgraded.call("demo.echo", R"({"text":"a"})").version, "2.0.0")
      << "a new session gets the latest";
  EXPECT_EQ(upgraded.call("demo.echo@1.0.0", "{}").version, "1.0.0")
      << "NAME@VERSION pins the call";

  CallRequest repin;
  repin.session_id = old_session;
  repin.tool = registry::ToolRef::parse("demo.echo");
  repin.session_pins = {registry::ToolRef::parse("demo.echo@2.0.0")};
  EXPECT_EQ(upgraded.pipeline->call(repin).version, "2.0.0") << "re-pinning moves the session";
  EXPECT_EQ(upgraded.call("demo.echo", "{}", old_session).version, "2.0.0");
}

TEST(PipelineResolve, UnknownToolAndVersionAreNotFoundWithARecord) {
  Harness h("all");
  auto o = h.call("demo.nothing");
  expect_failure(o, "NOT_FOUND", "tool.not_found.unknown_tool");
  EXPECT_EQ(h.row(o.invocation_id).status, store::InvocationStatus::failed);
  o = h.call("demo.echo@7.0.0");
  expect_failure(o, "NOT_FOUND", "tool.not_found.unknown_version");
  EXPECT_EQ(o.failure->detail, "no version 7.0.0 of demo.echo; versions: 1.0.0, 2.0.0");
  expect_failure(h.call("demo.echo", "{}", "no-such-session"), "NOT_FOUND",
                 "tool.not_found.unknown_session");
}

TEST(PipelineValidateInput, InvalidInputNeverInvokes) {
  Harness h("all");
  // demo.crash aborts the process if it is ever invoked.
  auto o = h.call("demo.crash", R"({"text": 5})");
  expect_failure(o, "INVALID_ARGUMENTS", "tool.invalid_arguments.schema");
  EXPECT_EQ(o.failure->detail.rfind("at /text (type)", 0), 0u) << o.failure->detail;
  o = h.call("demo.crash", R"({"unexpected": 1})");
  expect_failure(o, "INVALID_ARGUMENTS", "tool.invalid_arguments.schema");
  o = h.call("demo.crash", R"([1, 2])");
  expect_failure(o, "INVALID_ARGUMENTS", "tool.invalid_arguments.not_json");
  o = h.call("demo.crash", R"({"text": )");
  expect_failure(o, "INVALID_ARGUMENTS", "tool.invalid_arguments.not_json");
  EXPECT_EQ(h.row(o.invocation_id).reason_code, "tool.invalid_arguments.not_json");
}

TEST(PipelineValidateInput, DefaultsAreAppliedBeforeTheToolSeesTheArguments) {
  Harness h("all");
  auto o = h.call("demo.echo", R"({"text":"hi"})");
  ASSERT_EQ(o.status, CallStatus::ok);
  EXPECT_EQ(json::serialize(o.output), R"({"echo":{"text":"hi","mode":"plain"}})");
  EXPECT_EQ(h.row(o.invocation_id).arguments_json, R"({"text":"hi","mode":"plain"})");
}

TEST(PipelineValidateInput, WithoutRecordsTheToolStillGetsItsValidatedArguments) {
  // The arguments' one copy lives in the row when there is one; without
  // records (the benchmarks' mode) it must reach the tool all the same.
  Harness h("all");
  PipelineOptions without_records;
  without_records.persist_invocations = false;
  h.pipeline =
      std::make_unique<Pipeline>(*h.host, *h.db, h.ids, h.clock, h.credentials, without_records);
  auto o = h.call("demo.echo", R"({"text":"hi"})");
  ASSERT_EQ(o.status, CallStatus::ok);
  EXPECT_EQ(json::serialize(o.output), R"({"echo":{"text":"hi","mode":"plain"}})");
  EXPECT_EQ(h.db->count_rows()->at("tool_invocations"), 0);
  // An approval is durable even so: its row is written, and the approved
  // call gets the arguments from it.
  CallRequest r;
  r.tool = registry::ToolRef::parse("demo.gated__echo");
  r.arguments_json = R"({"text":"held"})";
  r.approve_inline = true;
  auto approved = h.pipeline->call(r);
  ASSERT_EQ(approved.status, CallStatus::ok) << json::serialize(approved.to_json());
  EXPECT_NE(json::serialize(approved.output).find("held"), std::string::npos)
      << json::serialize(approved.output);
  EXPECT_EQ(h.row(approved.invocation_id).arguments_json.find("held") != std::string::npos, true);
}

TEST(PipelineValidateInput, SerializedArgumentsAreKeptUnlessDefaultsAreAdded) {
  Harness h("all");
  CallRequest request;
  request.tool = registry::ToolRef::parse("demo.echo");
  request.arguments_serialized = true;
  // Spaces a serializer would not write show the text was kept, not rewritten.
  request.arguments_json = R"({"text": "hi", "mode": "shout"})";
  auto kept = h.pipeline->call(request);
  ASSERT_EQ(kept.status, CallStatus::ok);
  EXPECT_EQ(h.row(kept.invocation_id).arguments_json, request.arguments_json);
  request.arguments_json = R"({"text":"hi"})";
  auto defaulted = h.pipeline->call(request);
  ASSERT_EQ(defaulted.status, CallStatus::ok);
  EXPECT_EQ(h.row(defaulted.invocation_id).arguments_json, R"({"text":"hi","mode":"plain"})");
  EXPECT_EQ(json::serialize(defaulted.output), R"({"echo":{"text":"hi","mode":"plain"}})");
}

// A front end that parsed the arguments hands them over parsed: they are
// validated where they are, and the text is recorded as given.
TEST(PipelineValidateInput, ParsedArgumentsAreValidatedAsTheyAre) {
  Harness h(TOOLHOST_BUILTIN_PLUGIN_DIR);
  CallRequest request;
  request.tool = registry::ToolRef::parse("math.calculate");
  request.arguments_serialized = true;
  request.arguments_json = R"({"expression": "17 * 23"})";
  const json::value parsed = json::parse(request.arguments_json);
  request.arguments = &parsed;
  auto o = h.pipeline->call(request);
  ASSERT_EQ(o.status, CallStatus::ok);
  EXPECT_EQ(o.content, "391");
  EXPECT_EQ(h.row(o.invocation_id).arguments_json, request.arguments_json);

  // The same refusal, in the same words, as for the text alone.
  request.arguments_json = R"({"expression": 5})";
  const json::value wrong = json::parse(request.arguments_json);
  request.arguments = &wrong;
  auto refused = h.pipeline->call(request);
  request.arguments = nullptr;
  auto from_text = h.pipeline->call(request);
  expect_failure(refused, "INVALID_ARGUMENTS", "tool.invalid_arguments.schema");
  ASSERT_TRUE(from_text.failure);
  EXPECT_EQ(refused.failure->detail, from_text.failure->detail);
  EXPECT_EQ(h.row(refused.invocation_id).arguments_json, request.arguments_json);
}

TEST(PipelineValidateInput, ParsedArgumentsStillGetTheSchemasDefaults) {
  Harness h("all");
  CallRequest request;
  request.tool = registry::ToolRef::parse("demo.echo");
  request.arguments_serialized = true;
  request.arguments_json = R"({"text":"hi"})";
  const json::value parsed = json::parse(request.arguments_json);
  request.arguments = &parsed;
  auto o = h.pipeline->call(request);
  ASSERT_EQ(o.status, CallStatus::ok);
  EXPECT_EQ(h.row(o.invocation_id).arguments_json, R"({"text":"hi","mode":"plain"})");
  EXPECT_EQ(json::serialize(parsed), R"({"text":"hi"})");  // the caller's value is not touched
}

TEST(PipelinePolicy, MissingScopeIsPermissionDenied) {
  Harness h("all");
  std::string error;
  auto session = h.pipeline->create_session({{}, std::vector<std::string>{}, ""}, &error);
  ASSERT_TRUE(session) << error;
  auto o = h.call("demo.scoped__echo", "{}", session->id);
  expect_failure(o, "PERMISSION_DENIED", "tool.permission_denied.missing_scope");
  EXPECT_EQ(o.failure->detail, "session lacks scope demo.secret");
  auto granted =
      h.pipeline->create_session({{}, std::vector<std::string>{"demo.secret"}, ""}, &error);
  EXPECT_EQ(h.call("demo.scoped__echo", "{}", granted->id).status, CallStatus::ok);
}

TEST(PipelinePolicy, TheOperatorMatrixOverridesAndDenies) {
  config::HostConfig config;
  config.policy_rules.push_back({"WORKSPACE_WRITE", {}, tables::PolicyDecision::deny});
  Harness h("all", config);
  auto o = h.call("demo.writer__echo", "{}");
  expect_failure(o, "PERMISSION_DENIED", "tool.permission_denied.policy");
  EXPECT_EQ(h.row(o.invocation_id).policy_decision, "deny");
}

TEST(PipelineApproval, ApprovalIsDurableAndRunsExactlyOnce) {
  Harness h("all");
  auto o = h.call("demo.gated__echo", R"({"text":"ship it"})");
  ASSERT_EQ(o.status, CallStatus::awaiting_approval);
  auto row = h.row(o.invocation_id);
  EXPECT_EQ(row.status, store::InvocationStatus::awaiting_approval);
  EXPECT_EQ(row.arguments_json, R"({"text":"ship it","mode":"plain"})");
  EXPECT_EQ(row.policy_decision, "require_approval");

  auto approved = h.pipeline->approve(o.invocation_id);
  ASSERT_EQ(approved.status, CallStatus::ok);
  EXPECT_EQ(json::serialize(approved.output), R"({"echo":{"text":"ship it","mode":"plain"}})");
  EXPECT_EQ(h.row(o.invocation_id).status, store::InvocationStatus::succeeded);
  auto again = h.pipeline->approve(o.invocation_id);
  EXPECT_EQ(again.status, CallStatus::failed) << "a second approve is an error";
  EXPECT_EQ(h.row(o.invocation_id).status, store::InvocationStatus::succeeded);
}

TEST(PipelineApproval, DenialEndsApprovalDenied) {
  Harness h("all");
  auto o = h.call("demo.gated__echo", "{}");
  auto denied = h.pipeline->deny(o.invocation_id);
  expect_failure(denied, "APPROVAL_DENIED", "tool.approval_denied.denied");
  auto row = h.row(o.invocation_id);
  EXPECT_EQ(row.status, store::InvocationStatus::denied);
  EXPECT_EQ(row.failure_kind, "APPROVAL_DENIED");
  EXPECT_EQ(h.pipeline->approve(o.invocation_id).status, CallStatus::failed)
      << "denied stays denied";
}

TEST(PipelineApproval, ACrashBetweenApproveAndRunNeverRunsTwice) {
  Harness h("all");
  auto o = h.call("demo.gated__echo", "{}");
  // The claim commits (as a crashed approver would have) but nothing ran.
  ASSERT_TRUE(h.pipeline->invocations().claim_for_approval(o.invocation_id, 1));
  EXPECT_EQ(h.pipeline->approve(o.invocation_id).status, CallStatus::failed);
  EXPECT_EQ(h.row(o.invocation_id).status, store::InvocationStatus::running);
}

TEST(PipelineApproval, InlineApprovalAuthorizesThatInvocationOnly) {
  Harness h("all");
  CallRequest r;
  r.tool = registry::ToolRef::parse("demo.gated__echo");
  r.arguments_json = "{}";
  r.approve_inline = true;
  auto o = h.pipeline->call(r);
  EXPECT_EQ(o.status, CallStatus::ok);
  EXPECT_TRUE(h.row(o.invocation_id).approved_at_us.has_value());
  EXPECT_EQ(h.call("demo.gated__echo", "{}", o.session_id).status, CallStatus::awaiting_approval);
}

TEST(PipelineDeadline, OverrunIsTimeoutAndTheHostStaysResponsive) {
  Harness h("all");
  auto start = std::chrono::steady_clock::now();
  auto o = h.call("demo.sleep");  // timeout_s 1; polls cancellation
  expect_failure(o, "TIMEOUT", "tool.timeout.deadline_exceeded");
  EXPECT_EQ(h.row(o.invocation_id).status, store::InvocationStatus::failed);
  // A plugin that ignores cancellation costs its thread, not the host.
  o = h.call("demo.hang", R"({"seconds": 4})");
  expect_failure(o, "TIMEOUT", "tool.timeout.deadline_exceeded");
  auto after = h.call("demo.echo", R"({"text":"still here"})");
  EXPECT_EQ(after.status, CallStatus::ok);
  // Generous: two one-second deadlines, far below the hang's four seconds.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(3800));
}

TEST(PipelineOutput, InvalidOutputNeverSettlesAsSuccess) {
  Harness h("all");
  auto o = h.call("demo.bad_output");
  expect_failure(o, "OUTPUT_INVALID", "tool.output_invalid.schema");
  EXPECT_EQ(h.row(o.invocation_id).output_json, "");
}

TEST(PipelineTrust, AResultMayLowerItsTrustButNeverRaiseIt) {
  Harness h("all");
  EXPECT_EQ(h.call("demo.raise_trust").output_trust, "INTERNAL_TOOL");
  EXPECT_EQ(h.call("demo.lower_trust").output_trust, "EXTERNAL_UNTRUSTED");
  EXPECT_EQ(h.call("demo.echo").output_trust, "INTERNAL_TOOL");
}

TEST(PipelineTrust, ThirdPartyOutputIsCappedUnlessTrusted) {
  config::HostConfig config;
  config.plugin_dirs = {kDirs + "/third_party"};
  config.plugin_domains = {"acme"};
  {
    Harness h("v1", config);
    auto o = h.call("acme.echo");
    ASSERT_EQ(o.status, CallStatus::ok) << json::serialize(o.to_json());
    EXPECT_EQ(o.output_trust, "EXTERNAL_UNTRUSTED");
  }
  config.trusted_plugins = {"pipe_third_party.so"};
  Harness trusted("v1", config);
  EXPECT_EQ(trusted.call("acme.echo").output_trust, "INTERNAL_TOOL");
}

bool valid_utf8(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = s[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

TEST(PipelineBounds, OversizedContentIsExcerptedAndKeptWholeAsAnArtifact) {
  Harness h("all");
  auto o = h.call("demo.big", R"({"bytes": 5001})");  // max_output_bytes 1000
  ASSERT_EQ(o.status, CallStatus::ok) << json::serialize(o.to_json());
  EXPECT_LE(o.content.size(), 1000u);
  EXPECT_TRUE(valid_utf8(o.content));
  EXPECT_NE(o.content.find("bytes elided; full output in artifact art_"), std::string::npos)
      << o.content;
  EXPECT_EQ(o.content.substr(0, 4), "\xc3\xa9\xc3\xa9");
  EXPECT_EQ(o.content.substr(o.content.size() - 3), "xxx");
  ASSERT_TRUE(o.full_output_artifact);
  EXPECT_EQ(o.full_output_artifact->at("byte_count").as_int64(), 5001);
  auto ref = h.pipeline->artifact_store().get_ref(o.full_output_artifact->at("id").as_string());
  ASSERT_TRUE(ref);
  std::ifstream blob(h.pipeline->artifact_store().blob_path(ref->checksum.substr(7)),
                     std::ios::binary);
  std::stringstream bytes;
  bytes << blob.rdbuf();
  EXPECT_EQ(bytes.str().size(), 5001u);
}

TEST(PipelineBounds, PastTheHardCeilingTheCallFailsOutputTooLarge) {
  Harness h("all");
  auto o = h.call("demo.big", R"({"bytes": 17000000})");
  expect_failure(o, "OUTPUT_TOO_LARGE", "tool.output_too_large.hard_ceiling");
  ASSERT_TRUE(o.full_output_artifact) << "the partial output is artifactized";
  EXPECT_EQ(o.full_output_artifact->at("byte_count").as_int64(), 17000000);
}

TEST(PipelineRender, PluginReasonCodesMustBeInTheMessageTable) {
  Harness h("all");
  auto o = h.call("demo.unknown_reason");
  expect_failure(o, "PLUGIN_FAULT", "tool.plugin_fault.unknown_reason_code");
  EXPECT_NE(o.failure->detail.find("tool.invalid_arguments.no_such_code"), std::string::npos);
  o = h.call("demo.fail");
  expect_failure(o, "INVALID_ARGUMENTS", "tool.invalid_arguments.syntax");
  EXPECT_EQ(o.failure->detail, "fixture detail");
  EXPECT_FALSE(o.failure->retryable);
  expect_failure(h.call("demo.throw"), "PLUGIN_FAULT", "tool.plugin_fault.uncaught_exception");
}

TEST(PipelinePersist, EveryOutcomeIsOneRow) {
  Harness h("all");
  auto before = *h.db->count_rows();
  std::vector<CallOutcome> outcomes = {h.call("demo.echo"), h.call("demo.fail"),
                                       h.call("demo.bad_output"), h.call("demo.gated__echo"),
                                       h.call("demo.nothing")};
  auto after = *h.db->count_rows();
  EXPECT_EQ(after["tool_invocations"] - before["tool_invocations"], 5);
  for (const auto& o : outcomes) EXPECT_FALSE(o.invocation_id.empty());
  auto row = h.row(outcomes[0].invocation_id);
  EXPECT_EQ(row.status, store::InvocationStatus::succeeded);
  EXPECT_EQ(row.output_trust, "INTERNAL_TOOL");
  EXPECT_EQ(row.created_at_us, 1785157391482913);
  EXPECT_EQ(h.row(outcomes[3].invocation_id).status, store::InvocationStatus::awaiting_approval);
}

TEST(PipelinePersist, ACrashMidCallLeavesARowThatSaysRunning) {
  auto state = fresh_state_dir();
  auto r =
      testing::run_command(testing::toolhost_binary() + " --plugin-dir " + kDirs +
                           "/all --state-dir " + state.string() + " call demo.crash 2>/dev/null");
  EXPECT_NE(r.exit_code, 0);
  store::DatabaseOptions options;
  options.state_dir = state;
  auto db = std::move(*store::Database::open(options));
  auto st = db->prepare("SELECT status, tool FROM tool_invocations");
  int rows = 0;
  while (st->step()) {
    ++rows;
    EXPECT_EQ(st->column_text(0), "running");
    EXPECT_EQ(st->column_text(1), "demo.crash");
  }
  EXPECT_EQ(rows, 1);
}

// Hard gate 15: an approved demo.external_write persists its record as the
// structured result on tool_invocations and writes to no other table.
TEST(PipelineGate15, ApprovedExternalWriteTouchesOnlyToolInvocations) {
  Harness h(TOOLHOST_BUILTIN_PLUGIN_DIR);
  ASSERT_TRUE(h.host->catalog.latest("demo.external_write"));
  std::string error;
  auto session = h.pipeline->create_session({}, &error);
  ASSERT_TRUE(session) << error;
  auto before = *h.db->count_rows();
  auto pending = h.call("demo.external_write",
                        R"({"destination":"crm://accounts/42","content":"hello"})", session->id);
  ASSERT_EQ(pending.status, CallStatus::awaiting_approval);
  auto done = h.pipeline->approve(pending.invocation_id);
  ASSERT_EQ(done.status, CallStatus::ok) << json::serialize(done.to_json());
  EXPECT_EQ(
      json::serialize(done.output),
      R"({"recorded":true,"destination":"crm://accounts/42","byte_count":5,)"
      R"("checksum":"sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"})");
  auto after = *h.db->count_rows();
  for (const auto& [table, count] : after) {
    EXPECT_EQ(count - before[table], table == "tool_invocations" ? 1 : 0) << table;
  }
  auto row = h.row(pending.invocation_id);
  EXPECT_EQ(row.output_json, json::serialize(done.output));
  EXPECT_NE(row.arguments_json.find("\"content\":\"hello\""), std::string::npos)
      << "the content is on the row";
  EXPECT_EQ(done.content.find("hello"), std::string::npos)
      << "the model is not handed its content back";

  auto denied_pending =
      h.call("demo.external_write", R"({"destination":"x","content":"no"})", session->id);
  auto denied = h.pipeline->deny(denied_pending.invocation_id);
  expect_failure(denied, "APPROVAL_DENIED", "tool.approval_denied.denied");
  auto final_counts = *h.db->count_rows();
  for (const auto& [table, count] : final_counts)
    EXPECT_EQ(count - after[table], table == "tool_invocations" ? 1 : 0) << table;
}

TEST(PipelineBatch, CallsRunInOrderEachWithItsRowAndAnOverrunDoesNotStopTheRest) {
  Harness h("all");
  const std::string session = h.call("demo.echo", R"({"text":"first"})").session_id;
  std::vector<CallRequest> batch;
  auto add = [&](const std::string& tool, const std::string& args) {
    CallRequest r;
    r.session_id = session;
    r.tool = registry::ToolRef::parse(tool);
    r.arguments_json = args;
    batch.push_back(r);
  };
  add("demo.echo", R"({"text":"a"})");
  add("demo.hang", R"({"seconds": 3})");  // timeout_s 1, ignores cancellation
  add("demo.echo", R"({"text":"b"})");
  add("demo.crash", R"({"text": 5})");  // refused before it could run (it would abort)
  add("demo.gated__echo", "{}");        // waits for approval
  add("demo.echo", R"({"text":"c"})");
  const auto start = std::chrono::steady_clock::now();
  auto outcomes = h.pipeline->call_batch(batch);
  const auto elapsed = std::chrono::steady_clock::now() - start;

  ASSERT_EQ(outcomes.size(), batch.size());
  EXPECT_EQ(outcomes[0].status, CallStatus::ok);
  EXPECT_EQ(outcomes[0].content, R"({"text":"a","mode":"plain"})");
  expect_failure(outcomes[1], "TIMEOUT", "tool.timeout.deadline_exceeded");
  EXPECT_EQ(outcomes[2].status, CallStatus::ok);
  EXPECT_EQ(outcomes[2].content, R"({"text":"b","mode":"plain"})");
  expect_failure(outcomes[3], "INVALID_ARGUMENTS", "tool.invalid_arguments.schema");
  EXPECT_EQ(outcomes[4].status, CallStatus::awaiting_approval);
  EXPECT_EQ(outcomes[5].status, CallStatus::ok);
  EXPECT_EQ(outcomes[5].content, R"({"text":"c","mode":"plain"})");
  // One overrun costs its own deadline, not the hang's three seconds.
  EXPECT_LT(elapsed, std::chrono::milliseconds(2800));

  std::set<std::string> ids;
  const store::InvocationStatus expected[] = {
      store::InvocationStatus::succeeded,         store::InvocationStatus::failed,
      store::InvocationStatus::succeeded,         store::InvocationStatus::failed,
      store::InvocationStatus::awaiting_approval, store::InvocationStatus::succeeded};
  for (size_t i = 0; i < outcomes.size(); ++i) {
    ASSERT_FALSE(outcomes[i].invocation_id.empty()) << i;
    ids.insert(outcomes[i].invocation_id);
    EXPECT_EQ(h.row(outcomes[i].invocation_id).status, expected[i]) << i;
    EXPECT_EQ(h.row(outcomes[i].invocation_id).session_id, session) << i;
  }
  EXPECT_EQ(ids.size(), outcomes.size());
  // The held call still resolves exactly once.
  EXPECT_EQ(h.pipeline->approve(outcomes[4].invocation_id).status, CallStatus::ok);
}

TEST(PipelineBatch, EveryCallOfABatchGetsItsWholeTimeoutFromItsOwnStart) {
  Harness h("all");
  const std::string session = h.call("demo.echo", R"({"text":"first"})").session_id;
  std::vector<CallRequest> batch(2);
  for (auto& r : batch) {
    r.session_id = session;
    r.tool = registry::ToolRef::parse("demo.hang");
    r.arguments_json = R"({"seconds": 600, "mode": "ms"})";  // each within its 1 s, together not
  }
  auto outcomes = h.pipeline->call_batch(batch);
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].status, CallStatus::ok) << json::serialize(outcomes[0].to_json());
  EXPECT_EQ(outcomes[1].status, CallStatus::ok) << json::serialize(outcomes[1].to_json());
}

}  // namespace
}  // namespace toolhost::pipeline
