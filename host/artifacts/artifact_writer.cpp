#include "artifacts/artifact_writer.hpp"

#include "artifacts/artifact_store.hpp"

#include <unistd.h>

#include <system_error>

namespace toolhost::artifacts {

ArtifactWriter::ArtifactWriter(ArtifactStore& store, ArtifactMeta meta, std::filesystem::path temp,
                               std::FILE* file)
    : store_(store), meta_(std::move(meta)), temp_(std::move(temp)), file_(file) {}

ArtifactWriter::~ArtifactWriter() {
  abort();
}

ArtifactStatus ArtifactWriter::append(std::string_view bytes) {
  if (state_ == State::too_large) {
    return ArtifactStatus::failure(ArtifactCode::too_large, "writer already past its limit");
  }
  if (state_ == State::closed) {
    return ArtifactStatus::failure(ArtifactCode::closed, "writer is closed");
  }
  if (bytes.size() > meta_.max_bytes - byte_count_) {
    // Stop at the limit rather than after it: nothing past the limit is kept.
    abort();
    state_ = State::too_large;
    return ArtifactStatus::failure(
        ArtifactCode::too_large, "artifact exceeds " + std::to_string(meta_.max_bytes) + " bytes");
  }
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    abort();
    return ArtifactStatus::failure(ArtifactCode::io_error, "cannot write " + temp_.string());
  }
  hasher_.update(bytes);
  byte_count_ += bytes.size();
  return ArtifactStatus::success();
}

ArtifactResult<ArtifactRef> ArtifactWriter::commit() {
  if (state_ == State::too_large) {
    return ArtifactStatus::failure(
        ArtifactCode::too_large, "artifact exceeds " + std::to_string(meta_.max_bytes) + " bytes");
  }
  if (state_ == State::closed) {
    return ArtifactStatus::failure(ArtifactCode::closed, "writer is closed");
  }
  // The bytes reach the disk before the row that names them can commit.
  const bool flushed = std::fflush(file_) == 0 && ::fsync(fileno(file_)) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!flushed || !closed) {
    abort();
    return ArtifactStatus::failure(ArtifactCode::io_error, "cannot flush " + temp_.string());
  }
  state_ = State::closed;
  auto ref = store_.publish(meta_, temp_, hasher_.finish_hex(), byte_count_);
  std::error_code ignored;
  std::filesystem::remove(temp_, ignored);  // gone already when it was published
  return ref;
}

void ArtifactWriter::abort() {
  if (file_) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (state_ == State::open) {
    std::error_code ignored;
    std::filesystem::remove(temp_, ignored);
    state_ = State::closed;
  }
}

}  // namespace toolhost::artifacts
