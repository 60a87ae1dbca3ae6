#include "mcp/tool_catalog.hpp"
#include "mcp/tool_names.hpp"

#include <gtest/gtest.h>

using namespace toolhost::mcp;

namespace {
ToolDescriptor tool(std::string name) {
  ToolDescriptor d;
  d.name = std::move(name);
  d.version = "1.0.0";
  return d;
}
std::vector<std::string> names(const ToolCatalog& c) {
  std::vector<std::string> out;
  for (const auto& e : c.entries()) out.push_back(e.exposed_name);
  return out;
}
}  // namespace

TEST(ToolNames, MappingReplacesDotsOnlyWhenAsked) {
  EXPECT_EQ(exposed_tool_name("math.calculate", true), "math_calculate");
  EXPECT_EQ(exposed_tool_name("system.current_time", true), "system_current_time");
  EXPECT_EQ(exposed_tool_name("math.calculate", false), "math.calculate");
}

TEST(ToolNames, PortableGrammar) {
  EXPECT_TRUE(is_portable_tool_name("math_calculate"));
  EXPECT_TRUE(is_portable_tool_name("a-B_9"));
  EXPECT_FALSE(is_portable_tool_name("math.calculate"));
  EXPECT_FALSE(is_portable_tool_name(""));
  EXPECT_FALSE(is_portable_tool_name(std::string(65, 'a')));
  EXPECT_TRUE(is_portable_tool_name(std::string(64, 'a')));
}

TEST(ToolCatalog, SortedByExposedNameAndFindable) {
  const auto c = ToolCatalog::build({tool("z.b"), tool("a.c"), tool("m.a")}, false);
  EXPECT_EQ(names(c), (std::vector<std::string>{"a.c", "m.a", "z.b"}));
  ASSERT_NE(c.find("m.a"), nullptr);
  EXPECT_EQ(c.find("m.a")->descriptor.name, "m.a");
  EXPECT_EQ(c.find("m_a"), nullptr);
  EXPECT_TRUE(c.refusals().empty());
}

TEST(ToolCatalog, MappedNamesResolveBackToDottedNames) {
  const auto c = ToolCatalog::build({tool("system.current_time"), tool("math.calculate")}, true);
  EXPECT_EQ(names(c), (std::vector<std::string>{"math_calculate", "system_current_time"}));
  EXPECT_EQ(c.find("system_current_time")->descriptor.name, "system.current_time");
  EXPECT_EQ(c.find("math.calculate"), nullptr);  // only the exposed name is accepted
}

TEST(ToolCatalog, CollidingMappedNamesAreAllLeftOut) {
  const auto c = ToolCatalog::build({tool("a.b_c"), tool("a_b.c"), tool("x.y")}, true);
  EXPECT_EQ(names(c), (std::vector<std::string>{"x_y"}));
  ASSERT_EQ(c.refusals().size(), 1u);
  EXPECT_EQ(c.refusals()[0], "tools a.b_c, a_b.c left out: they share the MCP name a_b_c");
}

TEST(ToolCatalog, DuplicateNamesWithoutMappingAreLeftOut) {
  const auto c = ToolCatalog::build({tool("a.b"), tool("a.b")}, false);
  EXPECT_TRUE(c.entries().empty());
  EXPECT_EQ(c.refusals().size(), 1u);
}

TEST(ToolCatalog, NonPortableMappedNamesAreLeftOut) {
  const auto c = ToolCatalog::build({tool("a." + std::string(70, 'x')), tool("ok.tool")}, true);
  EXPECT_EQ(names(c), (std::vector<std::string>{"ok_tool"}));
  EXPECT_EQ(c.refusals().size(), 1u);
}
