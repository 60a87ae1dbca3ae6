// One artifact being written: bytes stream to a temp file while being hashed,
// under the writer's size limit; nothing is visible until commit().
#pragma once

#include "artifacts/artifact_types.hpp"
#include "artifacts/sha256_hasher.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string_view>

namespace toolhost::artifacts {

class ArtifactStore;

class ArtifactWriter {
 public:
  ~ArtifactWriter();  // aborts when neither committed nor aborted
  ArtifactWriter(const ArtifactWriter&) = delete;
  ArtifactWriter& operator=(const ArtifactWriter&) = delete;

  // too_large once the total passes meta.max_bytes; the writer is then spent
  // (its temp file removed) and commit() answers too_large too.
  ArtifactStatus append(std::string_view bytes);
  // Publishes, or returns the run's existing reference when the run already
  // holds the same origin, name, media type and content (storing nothing).
  ArtifactResult<ArtifactRef> commit();
  // Discards everything written; nothing is published.
  void abort();

  uint64_t byte_count() const { return byte_count_; }
  const ArtifactMeta& meta() const { return meta_; }

 private:
  friend class ArtifactStore;
  ArtifactWriter(ArtifactStore& store, ArtifactMeta meta, std::filesystem::path temp,
                 std::FILE* file);

  enum class State { open, too_large, closed };

  ArtifactStore& store_;
  ArtifactMeta meta_;
  std::filesystem::path temp_;
  std::FILE* file_;
  Sha256Hasher hasher_;
  uint64_t byte_count_ = 0;
  State state_ = State::open;
};

}  // namespace toolhost::artifacts
