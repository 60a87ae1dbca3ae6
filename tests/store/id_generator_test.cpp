#include "store/id_generator.hpp"

#include "clock/system_clock.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <set>
#include <thread>

namespace toolhost::store {
namespace {

TEST(RandomUuidGenerator, ProducesDistinctVersion7Uuids) {
  RandomUuidGenerator ids;
  const std::regex v7("^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string id = ids.next();
    EXPECT_TRUE(std::regex_match(id, v7)) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 1000u);
}

TEST(RandomUuidGenerator, IdsFromALaterMillisecondSortAfter) {
  RandomUuidGenerator ids;
  const std::string first = ids.next();
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  const std::string later = ids.next();
  EXPECT_LT(first, later);
  // The leading 48 bits are the Unix time in milliseconds.
  const auto ms = std::stoull(first.substr(0, 8) + first.substr(9, 4), nullptr, 16);
  const auto now = static_cast<unsigned long long>(clock::SystemClock{}.now_utc_us() / 1000);
  EXPECT_LE(ms, now);
  EXPECT_GT(ms + 60'000, now);
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
