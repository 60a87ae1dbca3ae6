// Where row ids come from. Production uses random UUIDs; the deterministic
// harness injects a generator whose ids are a pure function of call order.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

namespace toolhost::store {

class IdGenerator {
 public:
  virtual ~IdGenerator() = default;
  // A new id, unique for the lifetime of the state directory. Must be safe to
  // call from several threads.
  virtual std::string next() = 0;
};

// UUID version 7 (time-ordered; random bits from OpenSSL's RAND_bytes),
// lowercase canonical text form.
class RandomUuidGenerator final : public IdGenerator {
 public:
  RandomUuidGenerator();
  std::string next() override;

 private:
  std::mutex mutex_;
  std::array<unsigned char, 4096> pool_{};  // random bytes not yet handed out
  size_t used_ = pool_.size();
  uint64_t generation_ = 0;  // fork generation the pool was filled in
};

// UUID-shaped ids from a counter: 00000000-0000-4000-8000-000000000001, ...
// `seed` offsets the counter so two generators over one database do not
// collide.
class SequentialIdGenerator final : public IdGenerator {
 public:
  explicit SequentialIdGenerator(uint64_t seed = 0) : counter_(seed) {}
  std::string next() override;

 private:
  std::mutex mutex_;
  uint64_t counter_;
};

}  // namespace toolhost::store
