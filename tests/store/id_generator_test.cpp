#include "store/id_generator.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <set>

namespace toolhost::store {
namespace {

TEST(RandomUuidGenerator, ProducesDistinctVersion4Uuids) {
  RandomUuidGenerator ids;
  const std::regex v4("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string id = ids.next();
    EXPECT_TRUE(std::regex_match(id, v4)) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 1000u);
}

TEST(SequentialIdGenerator, IsAPureFunctionOfCallOrder) {
  SequentialIdGenerator a;
  SequentialIdGenerator b;
  EXPECT_EQ(a.next(), "00000000-0000-4000-8000-000000000001");
  EXPECT_EQ(a.next(), "00000000-0000-4000-8000-000000000002");
  EXPECT_EQ(b.next(), "00000000-0000-4000-8000-000000000001");
  SequentialIdGenerator seeded(0xabcdef);
  EXPECT_EQ(seeded.next(), "00000000-0000-4000-8000-000000abcdf0");
}

}  // namespace
}  // namespace toolhost::store
