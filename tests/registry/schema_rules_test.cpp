#include "schema/schema_rules.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "schema/compiled_schema.hpp"

namespace toolhost::schema {
namespace {

namespace json = boost::json;

TEST(SchemaRules, OpenObjectsAreFoundAtEveryLevel) {
  EXPECT_FALSE(find_open_object(json::parse(
      R"({"type":"object","additionalProperties":false,"properties":{"a":{"type":"string"}}})")));
  auto err = find_open_object(json::parse(
      R"({"type":"object","additionalProperties":false,"properties":{"a":{"anyOf":[{"type":"object"}]}}})"));
  ASSERT_TRUE(err);
  EXPECT_NE(err->find("/properties/a/anyOf/0"), std::string::npos) << *err;
  EXPECT_TRUE(find_open_object(json::parse(R"({"properties":{}})")));  // implied object
  EXPECT_TRUE(
      find_open_object(json::parse(R"({"type":["object","null"],"additionalProperties":{}})")));
}

TEST(SchemaRules, OnlyLocalReferences) {
  EXPECT_FALSE(
      find_remote_ref(json::parse(R"({"definitions":{"x":{}},"$ref":"#/definitions/x"})")));
  EXPECT_TRUE(find_remote_ref(json::parse(R"({"items":{"$ref":"other.json#/x"}})")));
  EXPECT_TRUE(find_remote_ref(json::parse(R"({"$id":"https://example.com/s"})")));
}

TEST(CompiledSchema, ValidatesAndReportsThePointerAndKeyword) {
  std::string error;
  auto s = CompiledSchema::compile(json::parse(R"({"type":"object","additionalProperties":false,
      "properties":{"expression":{"type":"string","minLength":1,"maxLength":4}},"required":["expression"]})"),
                                   &error);
  ASSERT_TRUE(s) << error;
  EXPECT_FALSE(s->validate(json::parse(R"({"expression":"1+1"})")));
  auto e = s->validate(json::parse(R"({"expression":"12345"})"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->pointer, "/expression");
  EXPECT_EQ(e->keyword, "maxLength");
  e = s->validate(json::parse(R"({})"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->keyword, "required");
  e = s->validate(json::parse(R"({"expression":"1","x":2})"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->keyword, "additionalProperties");
}

TEST(CompiledSchema, AppliesDefaultsOfAbsentProperties) {
  std::string error;
  auto s = CompiledSchema::compile(json::parse(R"({"type":"object","additionalProperties":false,
      "properties":{"timezone":{"type":"string","default":"UTC"},"n":{"type":"integer","default":5}}})"),
                                   &error);
  ASSERT_TRUE(s);
  json::value v = json::parse(R"({"n":1})");
  s->apply_defaults(v);
  EXPECT_EQ(json::serialize(v), R"({"n":1,"timezone":"UTC"})");
}

TEST(CompiledSchema, KnowsWhetherItDeclaresDefaults) {
  std::string error;
  const auto compiled = [&](const char* text) {
    auto s = CompiledSchema::compile(json::parse(text), &error);
    EXPECT_TRUE(s) << error;
    return s;
  };
  EXPECT_FALSE(
      compiled(R"({"type":"object","properties":{"a":{"type":"string"}}})")->declares_defaults());
  EXPECT_FALSE(compiled(R"({"type":"object"})")->declares_defaults());
  EXPECT_TRUE(compiled(R"({"type":"object","properties":{"a":{"type":"string","default":"x"}}})")
                  ->declares_defaults());
  // Nested: apply_defaults fills a present sub-object's absent properties.
  auto nested = compiled(R"({"type":"object","properties":{"o":{"type":"object",
      "properties":{"n":{"type":"integer","default":5}}}}})");
  EXPECT_TRUE(nested->declares_defaults());
  json::value v = json::parse(R"({"o":{}})");
  EXPECT_TRUE(nested->apply_defaults(v));
}

}  // namespace
}  // namespace toolhost::schema
