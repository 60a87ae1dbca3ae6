// The seven registration refusals as a pure function: nothing but the specs
// and the checked-in tables is constructed (hard gates 1 and 2).
#include "registry/registration.hpp"

#include <gtest/gtest.h>

#include "manifest_files.hpp"

namespace toolhost::registry {
namespace {

namespace json = boost::json;

RegistrationTables builtin_tables() {
  return {tables::PartitionTable::builtin(), tables::MessageTable::builtin()};
}

json::value valid_spec(std::string name = "demo.echo", std::string version = "1.0.0") {
  return json::parse(R"({
    "name": ")" + name + R"(", "version": ")" + version + R"(", "title": "Echo",
    "description": "Echoes.", "kind": "CAPABILITY", "source": "BUILTIN",
    "target_kind": "in_process", "server_id": null, "deprecated": false,
    "side_effect": "NONE", "risk": "LOW", "idempotency": "READ_ONLY",
    "output_trust": "INTERNAL_TOOL", "required_scopes": [], "timeout_s": 2,
    "max_output_bytes": 4096, "allow_parallel": true, "reason_codes": [],
    "input_schema": {"type": "object", "properties": {"text": {"type": "string"}},
                     "additionalProperties": false},
    "output_schema": {"type": "object", "properties": {}, "additionalProperties": false}})");
}

RegistrationOutcome register_one(json::value spec) {
  return register_tools({Candidate{std::move(spec), "fixture.so"}}, builtin_tables());
}

int refused_step(const RegistrationOutcome& r) { return r.refusals.empty() ? 0 : r.refusals[0].step; }

TEST(Registration, EveryCheckedInBuiltinSpecPassesAllSevenSteps) {
  auto candidates = testing::builtin_manifest_candidates();
  ASSERT_EQ(candidates.size(), 13u);  // 8 roster tools, 2 artifact.export, 2+2 media versions
  auto outcome = register_tools(candidates, builtin_tables());
  for (const auto& r : outcome.refusals) ADD_FAILURE() << r.line();
  EXPECT_EQ(outcome.specs.size(), candidates.size());
}

TEST(Registration, ABuiltinInDomainMcpIsRefusedAtStepTwo) {
  auto r = register_one(valid_spec("mcp.calculate"));
  ASSERT_EQ(refused_step(r), 2);
  EXPECT_EQ(r.refusals[0].line(),
            "fixture.so: mcp.calculate@1.0.0: registration step 2 (reserved domains): domain \"mcp\" "
            "is reserved for MCP servers; a BUILTIN tool may not register in it");
}

TEST(Registration, ABuiltinInDomainDeviceIsRefusedAtStepTwo) {
  EXPECT_EQ(refused_step(register_one(valid_spec("device.camera"))), 2);
}

TEST(Registration, ValidSpecRegisters) {
  auto r = register_one(valid_spec());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.specs[0].id(), "demo.echo@1.0.0");
  EXPECT_EQ(r.specs[0].origin, "fixture.so");
}

TEST(Registration, Step1NameGrammar) {
  for (auto bad : {"Demo.echo", "demo", "demo.", ".echo", "demo..echo", "demo.Echo", "demo.e-cho",
                   "1demo.echo", "demo.echo!", ""}) {
    EXPECT_EQ(refused_step(register_one(valid_spec(bad))), 1) << bad;
  }
  std::string long_name = "demo." + std::string(92, 'a');  // 97 characters
  auto r = register_one(valid_spec(long_name));
  ASSERT_EQ(refused_step(r), 1);
  EXPECT_NE(r.refusals[0].reason.find("97 characters; at most 96"), std::string::npos);
  EXPECT_TRUE(register_one(valid_spec("demo." + std::string(91, 'a'))).ok());  // exactly 96
  EXPECT_TRUE(register_one(valid_spec("demo.a1_b2")).ok());
}

TEST(Registration, Step1MissingName) {
  auto spec = valid_spec();
  spec.as_object().erase("name");
  auto r = register_one(spec);
  ASSERT_EQ(refused_step(r), 1);
  EXPECT_EQ(r.refusals[0].tool, "<unnamed>@1.0.0");
}

TEST(Registration, Step3DomainMustBeListed) {
  auto r = register_one(valid_spec("weather.forecast"));
  ASSERT_EQ(refused_step(r), 3);
  EXPECT_NE(r.refusals[0].reason.find("not in the partition table's builtin rows"), std::string::npos);
}

TEST(Registration, Step3ThirdPartyDomainsComeFromTheOperator) {
  auto spec = valid_spec("acme.forecast");
  spec.as_object()["source"] = "PLUGIN";
  EXPECT_EQ(refused_step(register_one(spec)), 3);
  auto partition = tables::PartitionTable::builtin();
  partition.add_plugin_domain("acme");
  auto r = register_tools({Candidate{spec, "acme.so"}}, {partition, tables::MessageTable::builtin()});
  EXPECT_TRUE(r.ok());
  // A third-party plugin may not claim a builtin domain.
  auto impostor = valid_spec("math.calculate_fast");
  impostor.as_object()["source"] = "PLUGIN";
  EXPECT_EQ(refused_step(register_tools({Candidate{impostor, "x.so"}}, {partition, tables::MessageTable::builtin()})), 3);
}

TEST(Registration, Step4DuplicateNameAndVersionNamesBothPlugins) {
  auto r = register_tools({Candidate{valid_spec(), "a.so"}, Candidate{valid_spec(), "b.so"}},
                          builtin_tables());
  ASSERT_EQ(r.refusals.size(), 1u);
  EXPECT_EQ(r.refusals[0].line(),
            "b.so: demo.echo@1.0.0: registration step 4 (uniqueness): (name, version) is already "
            "registered by a.so");
}

TEST(Registration, Step4DifferentVersionsCoexist) {
  auto r = register_tools({Candidate{valid_spec("demo.echo", "1.0.0"), "a.so"},
                           Candidate{valid_spec("demo.echo", "2.0.0"), "b.so"}},
                          builtin_tables());
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.specs.size(), 2u);
}

TEST(Registration, Step4NamesAreUniqueAcrossSources) {
  auto partition = tables::PartitionTable::builtin();
  partition.add_plugin_domain("demo");
  auto third = valid_spec("demo.echo", "9.0.0");
  third.as_object()["source"] = "PLUGIN";
  auto r = register_tools({Candidate{valid_spec(), "builtin.so"}, Candidate{third, "third.so"}},
                          {partition, tables::MessageTable::builtin()});
  ASSERT_EQ(refused_step(r), 4);
  EXPECT_NE(r.refusals[0].line().find("third.so"), std::string::npos);
  EXPECT_NE(r.refusals[0].line().find("builtin.so"), std::string::npos);
}

TEST(Registration, Step5SchemaValidity) {
  auto open = valid_spec();
  open.as_object()["input_schema"] =
      json::parse(R"({"type": "object", "properties": {"a": {"type": "string"}}})");
  EXPECT_EQ(refused_step(register_one(open)), 5);

  auto nested_open = valid_spec();
  nested_open.as_object()["output_schema"] = json::parse(
      R"({"type": "object", "additionalProperties": false,
          "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {}}}}})");
  auto r = register_one(nested_open);
  ASSERT_EQ(refused_step(r), 5);
  EXPECT_NE(r.refusals[0].reason.find("/properties/items/items"), std::string::npos) << r.refusals[0].reason;

  auto remote = valid_spec();
  remote.as_object()["input_schema"] = json::parse(
      R"({"type": "object", "additionalProperties": false,
          "properties": {"a": {"$ref": "https://example.com/schema.json"}}})");
  r = register_one(remote);
  ASSERT_EQ(refused_step(r), 5);
  EXPECT_NE(r.refusals[0].reason.find("remote $ref"), std::string::npos);

  auto not_compiling = valid_spec();
  not_compiling.as_object()["input_schema"] =
      json::parse(R"({"type": "object", "additionalProperties": false, "properties": {"a": {"type": 12}}})");
  EXPECT_EQ(refused_step(register_one(not_compiling)), 5);

  auto dialect = valid_spec();
  dialect.as_object()["input_schema"].as_object()["$schema"] = "https://json-schema.org/draft/2099-01/schema";
  EXPECT_EQ(refused_step(register_one(dialect)), 5);

  auto missing = valid_spec();
  missing.as_object().erase("output_schema");
  EXPECT_EQ(refused_step(register_one(missing)), 5);

  auto not_object_input = valid_spec();
  not_object_input.as_object()["input_schema"] = json::parse(R"({"type": "string"})");
  EXPECT_EQ(refused_step(register_one(not_object_input)), 5);
}

TEST(Registration, Step6FieldCompleteness) {
  struct Case {
    const char* field;
    json::value value;
  };
  std::vector<Case> cases = {
      {"risk", "EXTREME"},           {"side_effect", "NETWORK"},     {"idempotency", "MAYBE"},
      {"output_trust", "TRUSTED"},   {"kind", "TOOL"},               {"source", "ELSEWHERE"},
      {"target_kind", "cloud"},      {"deprecated", "no"},           {"allow_parallel", 1},
      {"timeout_s", 0},              {"timeout_s", 1.5},             {"max_output_bytes", 16777216},
      {"max_output_bytes", -1},      {"required_scopes", "a"},       {"version", "1.0"},
      {"version", "01.0.0"},         {"description", ""},            {"server_id", "srv"},
      {"reason_codes", json::array{"tool.invalid_arguments.no_entry_for_this"}},
      {"reason_codes", json::array{"not.a.code"}}};
  for (const auto& c : cases) {
    auto spec = valid_spec();
    spec.as_object()[c.field] = c.value;
    auto r = register_one(spec);
    EXPECT_EQ(refused_step(r), 6) << c.field << " = " << json::serialize(c.value);
  }
  for (auto field : kRequiredFields) {
    if (field == "name" || field == "input_schema" || field == "output_schema") continue;
    auto spec = valid_spec();
    spec.as_object().erase(field);
    auto r = register_one(spec);
    ASSERT_EQ(refused_step(r), 6) << field;
    EXPECT_EQ(r.refusals[0].reason, "missing field \"" + std::string(field) + "\"");
  }
  auto extra = valid_spec();
  extra.as_object()["colour"] = "blue";
  EXPECT_EQ(refused_step(register_one(extra)), 6);
  // Just under the ceiling passes.
  auto under = valid_spec();
  under.as_object()["max_output_bytes"] = kGlobalOutputCeiling - 1;
  EXPECT_TRUE(register_one(under).ok());
}

TEST(Registration, Step7ForcedTrustCoversSourceAndTargetKind) {
  auto sandbox = valid_spec("sandbox.shell");
  sandbox.as_object()["target_kind"] = "sandbox";
  auto r = register_one(sandbox);
  ASSERT_EQ(refused_step(r), 7);
  EXPECT_NE(r.refusals[0].reason.find("above EXTERNAL_UNTRUSTED"), std::string::npos);
  sandbox.as_object()["output_trust"] = "EXTERNAL_UNTRUSTED";
  EXPECT_TRUE(register_one(sandbox).ok());

  auto device = valid_spec("demo.device_tool");
  device.as_object()["target_kind"] = "device";
  EXPECT_EQ(refused_step(register_one(device)), 7);

  auto mcp = valid_spec("mcp.search");
  mcp.as_object()["source"] = "MCP";
  mcp.as_object()["server_id"] = "search-server";
  mcp.as_object()["output_trust"] = "MEMORY";
  EXPECT_EQ(refused_step(register_one(mcp)), 7);
  mcp.as_object()["output_trust"] = "EXTERNAL_UNTRUSTED";
  EXPECT_TRUE(register_one(mcp).ok());
}

TEST(Registration, StepsRunInOrderAcrossAllCandidates) {
  // One candidate fails step 6 and another step 1: both are reported, each at
  // its first failing step, and step 1's refusal comes first.
  auto bad_fields = valid_spec("demo.first");
  bad_fields.as_object()["risk"] = "EXTREME";
  auto bad_name = valid_spec("Demo.Second");
  bad_name.as_object()["risk"] = "EXTREME";
  auto r = register_tools({Candidate{bad_fields, "a.so"}, Candidate{bad_name, "b.so"}}, builtin_tables());
  ASSERT_EQ(r.refusals.size(), 2u);
  EXPECT_EQ(r.refusals[0].step, 1);
  EXPECT_EQ(r.refusals[0].origin, "b.so");
  EXPECT_EQ(r.refusals[1].step, 6);
  EXPECT_TRUE(r.specs.empty());
}

}  // namespace
}  // namespace toolhost::registry
