// append_serialized writes what boost::json::serialize writes, for random
// documents of every kind of value, for the extremes of each number type, and
// for nesting deeper than the writer recurses.
#include "common/json_writer.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

namespace toolhost::common {
namespace {

namespace json = boost::json;

std::string written(const json::value& value) {
  std::string out = "prefix";
  append_serialized(out, value);
  return out.substr(6);
}

class RandomDocuments {
 public:
  explicit RandomDocuments(uint64_t seed) : random_(seed) {}

  json::value value(int depth) {
    const int kind = pick(depth >= 4 ? 7 : 9);
    switch (kind) {
      case 0:
        return nullptr;
      case 1:
        return pick(2) == 0;
      case 2:
        return static_cast<int64_t>(random_()) >> pick(64);
      case 3:
        return static_cast<uint64_t>(random_()) | (uint64_t{1} << 63);
      case 4: {
        const double doubles[] = {0.0,
                                  -0.0,
                                  0.1,
                                  1.5,
                                  -2.25,
                                  1e300,
                                  -1e-300,
                                  123456789.125,
                                  std::numeric_limits<double>::max(),
                                  std::numeric_limits<double>::denorm_min()};
        return doubles[pick(10)];
      }
      case 5:
      case 6:
        return json::string(text());
      case 7: {
        json::array array;
        for (int n = pick(5); n > 0; --n) array.push_back(value(depth + 1));
        return array;
      }
      default: {
        json::object object;
        for (int n = pick(5); n > 0; --n) object[text()] = value(depth + 1);
        return object;
      }
    }
  }

 private:
  int pick(int n) { return static_cast<int>(random_() % static_cast<uint64_t>(n)); }

  // Plain text, escapes, control bytes, DEL, UTF-8 and bytes that are not UTF-8.
  std::string text() {
    static const std::string pieces[] = {
        "a",    "key",  "17 * 23", "\"", "\\",       "\n",           "\t",   std::string(1, '\0'),
        "\x01", "\x1f", "\x7f",    "/",  "\xc3\xa9", "\xe2\x82\xac", "\xff", "\xc3",
        " "};
    std::string out;
    for (int n = pick(12); n > 0; --n) out += pieces[pick(17)];
    return out;
  }

  std::mt19937_64 random_;
};

TEST(JsonWriter, WritesWhatBoostSerializeWritesForRandomDocuments) {
  RandomDocuments documents(20261130);
  for (int n = 0; n < 20000; ++n) {
    const json::value document = documents.value(0);
    ASSERT_EQ(written(document), json::serialize(document)) << json::serialize(document);
    if (document.is_object()) {
      std::string out;
      append_serialized(out, document.get_object());
      ASSERT_EQ(out, json::serialize(document));
    }
  }
}

TEST(JsonWriter, NumberExtremesAndEmptyContainers) {
  const json::value values[] = {INT64_MIN,     INT64_MAX,
                                UINT64_MAX,    int64_t{0},
                                int64_t{-1},   json::object{},
                                json::array{}, json::string(),
                                std::nan(""),  INFINITY,
                                -INFINITY,     1e-7,
                                1e21,          json::array{json::object{}, json::array{}}};
  for (const auto& v : values) EXPECT_EQ(written(v), json::serialize(v)) << json::serialize(v);
}

TEST(JsonWriter, NestingDeeperThanTheWriterRecursesGoesThroughBoost) {
  for (const int depth : {63, 64, 65, 200, 5000}) {
    json::value nested = json::array{1};
    for (int d = 0; d < depth; ++d) {
      json::value next = json::object{{"k", std::move(nested)}};
      nested = json::array{std::move(next), "x"};
    }
    EXPECT_EQ(written(nested), json::serialize(nested)) << depth;
  }
}

}  // namespace
}  // namespace toolhost::common
