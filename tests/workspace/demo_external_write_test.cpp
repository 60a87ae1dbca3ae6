#include "plugin_harness.hpp"

#include <gtest/gtest.h>

namespace toolhost::workspace_test {
namespace {

TEST(DemoExternalWrite, ReturnsTheRecordAndNeverTheContent) {
  LoadedPlugin plugin("demo.so");
  const auto outcome =
      plugin.invoke("demo.external_write",
                    R"({"destination":"crm://contacts/42","content":"caf\u00e9"})", nullptr);
  ASSERT_EQ(outcome.status, TH_INVOKE_OK) << outcome.reason_code;
  EXPECT_EQ(
      outcome.output_json,
      R"({"recorded":true,"destination":"crm://contacts/42","byte_count":5,)"
      R"("checksum":"sha256:850f7dc43910ff890f8879c0ed26fe697c93a067ad93a7d50f466a7028a9bf4e"})");
  EXPECT_EQ(outcome.content, outcome.output_json);
  EXPECT_EQ(outcome.output_trust, TH_TRUST_AS_DECLARED);
  EXPECT_EQ(outcome.content.find("caf"), std::string::npos);
}

TEST(DemoExternalWrite, TheDestinationIsRecordedVerbatim) {
  LoadedPlugin plugin("demo.so");
  const auto outcome = plugin.invoke(
      "demo.external_write", R"({"destination":"not a url \"at all\"","content":""})", nullptr);
  ASSERT_EQ(outcome.status, TH_INVOKE_OK);
  EXPECT_EQ(
      outcome.output_json,
      R"({"recorded":true,"destination":"not a url \"at all\"","byte_count":0,)"
      R"("checksum":"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"})");
}

}  // namespace
}  // namespace toolhost::workspace_test
