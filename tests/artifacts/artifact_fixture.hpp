// A state directory with a database, an artifact store and one session.
#pragma once

#include "artifacts/artifact_store.hpp"
#include "store/database.hpp"
#include "store/session_store.hpp"
#include "temp_state_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace toolhost::artifacts {

class ArtifactFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = store::Database::open({.state_dir = dir_.state_dir()});
    ASSERT_TRUE(opened.ok()) << opened.status().message;
    db_ = std::move(opened.value());
    store_ = std::make_unique<ArtifactStore>(*db_, ids_);
    store::SessionStore sessions(*db_, ids_);
    session_ = sessions.create({.created_at_us = 1})->id;
    other_session_ = sessions.create({.created_at_us = 1})->id;
  }

  ArtifactMeta meta(std::string name = "report.txt", Origin origin = Origin::text_export,
                    std::string run = "run-1") const {
    return {.name = std::move(name),
            .media_type = "text/plain",
            .origin = origin,
            .provenance = Provenance::internal,
            .session_id = session_,
            .run_id = std::move(run),
            .invocation_id = "inv-1",
            .created_at_us = 1000};
  }

  // Regular files under <state>/artifacts/sha256, the published blobs.
  size_t blob_count() const {
    size_t n = 0;
    const auto root = dir_.state_dir() / "artifacts" / "sha256";
    if (!std::filesystem::exists(root)) return 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
      if (e.is_regular_file()) ++n;
    }
    return n;
  }
  size_t temp_count() const {
    const auto root = dir_.state_dir() / "artifacts" / "tmp";
    if (!std::filesystem::exists(root)) return 0;
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(root)) ++n;
    return n;
  }
  int64_t artifact_rows() { return db_->count_rows().value().at("artifacts"); }

  toolhost::testing::TempStateDir dir_;
  store::SequentialIdGenerator ids_;
  std::unique_ptr<store::Database> db_;
  std::unique_ptr<ArtifactStore> store_;
  std::string session_;
  std::string other_session_;
};

}  // namespace toolhost::artifacts
