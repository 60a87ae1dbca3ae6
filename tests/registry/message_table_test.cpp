// Hard gate 9: every reason code a builtin declares has a static message in
// the checked-in outcome message table, and no message interpolates.
#include "tables/message_table.hpp"

#include <gtest/gtest.h>

#include "manifest_files.hpp"

namespace toolhost::tables {
namespace {

TEST(MessageTable, EveryDeclaredReasonCodeHasAStaticMessage) {
  const auto& table = MessageTable::builtin();
  size_t checked = 0;
  for (const auto& c : testing::builtin_manifest_candidates()) {
    for (const auto& code : c.spec.at("reason_codes").as_array()) {
      EXPECT_TRUE(table.contains(code.as_string())) << code.as_string() << " declared by " << c.origin;
      ++checked;
    }
  }
  EXPECT_GT(checked, 20u);
  // The spec's own codes, verbatim.
  EXPECT_EQ(table.find("tool.invalid_arguments.syntax")->message, "The expression could not be parsed.");
  EXPECT_EQ(table.find("tool.invalid_arguments.expression_too_deep")->message,
            "The expression is nested more than 32 levels deep.");
  EXPECT_EQ(table.find("tool.not_found.no_such_path")->message, "No such path in the workspace.");
}

TEST(MessageTable, MessagesAreStaticAndKindsMatchTheirCodes) {
  for (const auto& [code, entry] : MessageTable::builtin().entries()) {
    for (char c : {'{', '}', '%', '$', '<', '>', '`'})
      EXPECT_EQ(entry.message.find(c), std::string::npos) << code << " has an interpolation marker";
    EXPECT_EQ(kind_of_reason_code(code), entry.kind) << code;
    EXPECT_FALSE(entry.message.empty()) << code;
  }
}

TEST(MessageTable, KindOfReasonCode) {
  EXPECT_EQ(kind_of_reason_code("tool.invalid_arguments.syntax"), "INVALID_ARGUMENTS");
  EXPECT_EQ(kind_of_reason_code("tool.not_found.no_such_path"), "NOT_FOUND");
  EXPECT_EQ(kind_of_reason_code("tool.x"), "");
  EXPECT_EQ(kind_of_reason_code("other.invalid_arguments.x"), "");
  EXPECT_EQ(kind_of_reason_code("tool.Bad-Kind.x"), "");
}

}  // namespace
}  // namespace toolhost::tables
