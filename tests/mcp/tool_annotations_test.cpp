#include "mcp/tool_annotations.hpp"

#include <gtest/gtest.h>

using namespace toolhost::mcp;
namespace json = boost::json;

namespace {
json::object annotate(std::string side_effect, std::string risk, std::string idempotency,
                      bool open_world = false) {
  ToolDescriptor d;
  d.name = "x.y";
  d.side_effect = std::move(side_effect);
  d.risk = std::move(risk);
  d.idempotency = std::move(idempotency);
  d.open_world = open_world;
  return derive_annotations(d);
}
json::object hints(bool read_only, bool destructive, bool idempotent, bool open_world) {
  return json::object{{"readOnlyHint", read_only},
                      {"destructiveHint", destructive},
                      {"idempotentHint", idempotent},
                      {"openWorldHint", open_world}};
}
}  // namespace

TEST(ToolAnnotations, ReadOnlyCalculator) {
  EXPECT_EQ(annotate("NONE", "LOW", "READ_ONLY"), hints(true, false, true, false));
}

TEST(ToolAnnotations, ExternalWriteIsDestructiveAndOpenWorld) {
  EXPECT_EQ(annotate("EXTERNAL_WRITE", "HIGH", "NON_IDEMPOTENT"), hints(false, true, false, true));
}

TEST(ToolAnnotations, AdditiveWorkspaceReadIsNotDestructive) {
  EXPECT_EQ(annotate("WORKSPACE_READ", "LOW", "IDEMPOTENT"), hints(false, false, true, false));
}

TEST(ToolAnnotations, WorkspaceWriteAndCodeExecutionAreDestructive) {
  EXPECT_EQ(annotate("WORKSPACE_WRITE", "MEDIUM", "IDEMPOTENT"), hints(false, true, true, false));
  EXPECT_EQ(annotate("CODE_EXECUTION", "HIGH", "NON_IDEMPOTENT"), hints(false, true, false, false));
}

TEST(ToolAnnotations, HighRiskIsDestructiveUnlessReadOnly) {
  EXPECT_EQ(annotate("NONE", "HIGH", "NON_IDEMPOTENT"), hints(false, true, false, false));
  EXPECT_EQ(annotate("NONE", "HIGH", "READ_ONLY"), hints(true, false, true, false));
}

TEST(ToolAnnotations, NetworkReadIsOpenWorld) {
  EXPECT_EQ(annotate("NONE", "LOW", "READ_ONLY", true), hints(true, false, true, true));
}

TEST(ToolAnnotations, TitleIsCopiedWhenPresent) {
  ToolDescriptor d;
  d.title = "Calculator";
  d.idempotency = "READ_ONLY";
  EXPECT_EQ(derive_annotations(d).at("title"), json::value("Calculator"));
}
