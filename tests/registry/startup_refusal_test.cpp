// Every loader refusal and every registration refusal, end to end: a broken
// fixture plugin in its own directory, `toolhost check` on it, the exit code
// and the one diagnostic line (plugin file, tool@version, step, reason).
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "support/run_command.hpp"

namespace toolhost::testing {
namespace {

const std::string kDirs = REGISTRY_FIXTURE_DIRS;

CommandResult check(const std::string& dir, const std::string& subcommand = "check") {
  return run_command(toolhost_binary() + " --plugin-dir " + kDirs + "/" + dir + " " + subcommand + " 2>&1");
}

void expect_refused(const std::string& dir, const std::string& expected_line) {
  auto r = check(dir);
  EXPECT_EQ(r.exit_code, 4) << r.output;
  EXPECT_EQ(r.output, "toolhost: startup refused: " + expected_line + "\n");
}

TEST(StartupRefusal, FileThatIsNotAPlugin) {
  auto r = check("not_a_plugin");
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.output.rfind("toolhost: startup refused: " + kDirs +
                               "/not_a_plugin/not_a_plugin.so: not a loadable shared object: ",
                           0),
            0u)
      << r.output;
}

TEST(StartupRefusal, MissingEntrySymbol) {
  expect_refused("no_entry", kDirs + "/no_entry/reg_no_entry.so: not a toolhost plugin: no exported symbol "
                                     "toolhost_plugin_entry");
}

TEST(StartupRefusal, UnsupportedAbiRange) {
  expect_refused("abi_unsupported", kDirs + "/abi_unsupported/reg_abi_unsupported.so: unsupported ABI: the "
                                            "plugin implements no ABI version in [1, 1]");
}

TEST(StartupRefusal, ManifestThatIsNotJson) {
  auto r = check("bad_manifest");
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.output.rfind("toolhost: startup refused: " + kDirs +
                               "/bad_manifest/reg_bad_manifest.so: manifest is not valid JSON: ",
                           0),
            0u)
      << r.output;
}

TEST(StartupRefusal, Step1NameGrammar) {
  expect_refused("step1_name_grammar",
                 kDirs + "/step1_name_grammar/reg_step1_name_grammar.so: Demo.Echo@1.0.0: registration step 1 "
                         "(name grammar): name \"Demo.Echo\" does not match domain.tool ([a-z][a-z0-9_]* "
                         "segments separated by dots)");
}

TEST(StartupRefusal, Step2ReservedDomain) {
  expect_refused("step2_reserved_domain",
                 kDirs + "/step2_reserved_domain/reg_step2_reserved_domain.so: mcp.calculate@1.0.0: registration "
                         "step 2 (reserved domains): domain \"mcp\" is reserved for MCP servers; a BUILTIN tool "
                         "may not register in it");
}

TEST(StartupRefusal, Step3DomainMembership) {
  expect_refused("step3_unlisted_domain",
                 kDirs + "/step3_unlisted_domain/reg_step3_unlisted_domain.so: weather.forecast@1.0.0: "
                         "registration step 3 (domain membership): domain \"weather\" is not in the partition "
                         "table's builtin rows");
}

TEST(StartupRefusal, Step4DuplicateAcrossTwoPlugins) {
  expect_refused("step4_uniqueness",
                 kDirs + "/step4_uniqueness/reg_dup_b.so: demo.twin@1.0.0: registration step 4 (uniqueness): "
                         "(name, version) is already registered by " +
                     kDirs + "/step4_uniqueness/reg_dup_a.so");
}

TEST(StartupRefusal, Step5SchemaValidity) {
  expect_refused("step5_schema_validity",
                 kDirs + "/step5_schema_validity/reg_step5_schema_validity.so: demo.open_schema@1.0.0: "
                         "registration step 5 (schema validity): input_schema: object schema at / does not "
                         "set additionalProperties: false");
}

TEST(StartupRefusal, Step6FieldCompleteness) {
  expect_refused("step6_field_completeness",
                 kDirs + "/step6_field_completeness/reg_step6_field_completeness.so: demo.bad_risk@1.0.0: "
                         "registration step 6 (field completeness): \"risk\" is \"EXTREME\", not one of LOW, "
                         "MEDIUM, HIGH");
}

TEST(StartupRefusal, Step6ReasonCodeWithoutMessage) {
  expect_refused("step6_reason_code",
                 kDirs + "/step6_reason_code/reg_step6_reason_code.so: demo.unlisted_reason@1.0.0: registration "
                         "step 6 (field completeness): reason code \"tool.invalid_arguments.not_in_table\" has "
                         "no entry in the outcome message table");
}

TEST(StartupRefusal, Step7ForcedTrust) {
  expect_refused("step7_forced_trust",
                 kDirs + "/step7_forced_trust/reg_step7_forced_trust.so: sandbox.trusted_shell@1.0.0: "
                         "registration step 7 (forced trust): output_trust INTERNAL_TOOL is above "
                         "EXTERNAL_UNTRUSTED for source BUILTIN / target_kind sandbox");
}

TEST(StartupRefusal, EveryRefusalKeepsListAndDescribeFromServing) {
  auto r = check("step2_reserved_domain", "list --json");
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.output.find("{\"tools\""), std::string::npos);
}

TEST(Versions, TwoPluginsShippingTwoVersionsCoexistAndResolve) {
  auto r = check("coexist");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  auto latest = run_command(toolhost_binary() + " --plugin-dir " + kDirs + "/coexist describe demo.echo --json");
  ASSERT_EQ(latest.exit_code, 0) << latest.output;
  EXPECT_EQ(boost::json::parse(latest.output).at("version").as_string(), "2.0.0");
  auto pinned =
      run_command(toolhost_binary() + " --plugin-dir " + kDirs + "/coexist describe demo.echo@1.0.0 --json");
  ASSERT_EQ(pinned.exit_code, 0);
  EXPECT_EQ(boost::json::parse(pinned.output).at("version").as_string(), "1.0.0");
  auto missing =
      run_command(toolhost_binary() + " --plugin-dir " + kDirs + "/coexist describe demo.echo@3.0.0 2>&1");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.output, "toolhost: describe: no version 3.0.0 of demo.echo; versions: 1.0.0, 2.0.0\n");
  auto list = run_command(toolhost_binary() + " --plugin-dir " + kDirs + "/coexist list --json");
  auto tools = boost::json::parse(list.output).at("tools").as_array();
  ASSERT_EQ(tools.size(), 2u);
  EXPECT_EQ(tools[0].at("version").as_string(), "1.0.0");
  EXPECT_EQ(tools[1].at("version").as_string(), "2.0.0");
}

}  // namespace
}  // namespace toolhost::testing
