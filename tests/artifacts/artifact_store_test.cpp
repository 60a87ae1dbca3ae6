#include "artifacts/artifact_store.hpp"

#include "artifact_fixture.hpp"
#include "artifacts/artifact_writer.hpp"
#include "artifacts/sha256_hasher.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <fstream>

namespace toolhost::artifacts {
namespace {

// sha256("hello world")
constexpr const char* kHelloSha =
    "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";

TEST_F(ArtifactFixture, ContentAddressedBlobAndRow) {
  auto ref = store_->put_bytes(meta(), "hello world");
  ASSERT_TRUE(ref.ok()) << ref.status().message;
  EXPECT_EQ(ref->id, "art_00000000-0000-4000-8000-000000000003");
  EXPECT_EQ(ref->name, "report.txt");
  EXPECT_EQ(ref->media_type, "text/plain");
  EXPECT_EQ(ref->byte_count, 11u);
  EXPECT_EQ(ref->checksum, std::string("sha256:") + kHelloSha);
  EXPECT_EQ(ref->origin, "TEXT_EXPORT");

  const auto blob = dir_.state_dir() / "artifacts" / "sha256" / "b9" / kHelloSha;
  EXPECT_EQ(store_->blob_path(kHelloSha), blob);
  std::ifstream in(blob, std::ios::binary);
  std::string stored((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(stored, "hello world");
  EXPECT_EQ(blob_count(), 1u);
  EXPECT_EQ(artifact_rows(), 1);
  EXPECT_EQ(temp_count(), 0u);
}

TEST_F(ArtifactFixture, RefJsonHasExactlyTheSixFields) {
  auto ref = store_->put_bytes(meta(), "hello world");
  ASSERT_TRUE(ref.ok());
  EXPECT_EQ(
      ref->to_json(),
      std::string(R"({"id":"art_00000000-0000-4000-8000-000000000003","name":"report.txt",)") +
          R"("media_type":"text/plain","byte_count":11,"checksum":"sha256:)" + kHelloSha +
          R"(","origin":"TEXT_EXPORT"})");
}

TEST_F(ArtifactFixture, StreamedAppendsHashLikeOneBuffer) {
  auto writer = store_->begin(meta());
  ASSERT_TRUE(writer.ok());
  ASSERT_TRUE(writer.value()->append("hello").ok());
  ASSERT_TRUE(writer.value()->append("").ok());
  ASSERT_TRUE(writer.value()->append(" world").ok());
  auto ref = writer.value()->commit();
  ASSERT_TRUE(ref.ok());
  EXPECT_EQ(ref->checksum, std::string("sha256:") + kHelloSha);
  EXPECT_EQ(writer.value()->commit().code(), ArtifactCode::closed);  // commits once
}

TEST_F(ArtifactFixture, SameRunSameIdentityReturnsTheSameRefAndStoresNothing) {
  auto first = store_->put_bytes(meta(), "hello world");
  ASSERT_TRUE(first.ok());
  const auto rows = artifact_rows();
  const auto blobs = blob_count();
  auto second = store_->put_bytes(meta(), "hello world");
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second.value(), first.value());
  EXPECT_EQ(artifact_rows(), rows);
  EXPECT_EQ(blob_count(), blobs);
  EXPECT_EQ(temp_count(), 0u);
}

TEST_F(ArtifactFixture, AnyDifferenceInIdentityIsANewArtifactSharingTheBlob) {
  auto base = store_->put_bytes(meta(), "hello world");
  auto other_name = store_->put_bytes(meta("other.txt"), "hello world");
  auto other_origin =
      store_->put_bytes(meta("report.txt", Origin::workspace_export), "hello world");
  auto other_run =
      store_->put_bytes(meta("report.txt", Origin::text_export, "run-2"), "hello world");
  auto media = meta();
  media.media_type = "text/markdown";
  auto other_media = store_->put_bytes(media, "hello world");
  for (const auto* r : {&other_name, &other_origin, &other_run, &other_media}) {
    ASSERT_TRUE(r->ok());
    EXPECT_NE((*r)->id, base->id);
    EXPECT_EQ((*r)->checksum, base->checksum);
  }
  EXPECT_EQ(artifact_rows(), 5);
  EXPECT_EQ(blob_count(), 1u);  // one digest, one file
  auto other_bytes = store_->put_bytes(meta(), "hello world!");
  EXPECT_NE(other_bytes->id, base->id);
  EXPECT_EQ(blob_count(), 2u);
}

TEST_F(ArtifactFixture, AbortPublishesNothing) {
  {
    auto writer = store_->begin(meta());
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE(writer.value()->append("partial").ok());
    EXPECT_EQ(temp_count(), 1u);
    writer.value()->abort();
    EXPECT_EQ(writer.value()->commit().code(), ArtifactCode::closed);
  }
  {
    auto dropped = store_->begin(meta());  // destroyed uncommitted
    ASSERT_TRUE(dropped.value()->append("partial").ok());
  }
  EXPECT_EQ(temp_count(), 0u);
  EXPECT_EQ(blob_count(), 0u);
  EXPECT_EQ(artifact_rows(), 0);
}

TEST_F(ArtifactFixture, WriterLimitIsEnforcedAndNothingIsPublished) {
  auto limited = meta();
  limited.max_bytes = 10;
  auto writer = store_->begin(limited);
  ASSERT_TRUE(writer.ok());
  EXPECT_TRUE(writer.value()->append("0123456789").ok());  // exactly the limit
  EXPECT_EQ(writer.value()->append("x").code, ArtifactCode::too_large);
  EXPECT_EQ(writer.value()->append("y").code, ArtifactCode::too_large);
  EXPECT_EQ(writer.value()->commit().code(), ArtifactCode::too_large);
  EXPECT_EQ(temp_count(), 0u);
  EXPECT_EQ(artifact_rows(), 0);

  auto huge = meta();
  huge.max_bytes = UINT64_MAX;
  EXPECT_EQ(store_->begin(huge).value()->meta().max_bytes, kArtifactHardCeilingBytes);
}

TEST_F(ArtifactFixture, BeginRefusesIncompleteMeta) {
  auto no_name = meta("");
  EXPECT_EQ(store_->begin(no_name).code(), ArtifactCode::invalid_meta);
  auto no_run = meta();
  no_run.run_id.clear();
  EXPECT_EQ(store_->begin(no_run).code(), ArtifactCode::invalid_meta);
}

TEST_F(ArtifactFixture, ResolveReturnsVerifiedBytes) {
  auto ref = store_->put_bytes(meta(), "hello world");
  auto resolved = store_->resolve(ref->id, session_, 2000);
  ASSERT_TRUE(resolved.ok()) << resolved.status().message;
  EXPECT_EQ(resolved->bytes, "hello world");
  EXPECT_EQ(resolved->ref, ref.value());
  // Another run of the same session sees it too.
  auto later_run = store_->put_bytes(meta("x.txt", Origin::text_export, "run-9"), "x");
  EXPECT_TRUE(store_->resolve(later_run->id, session_, 2000).ok());
}

TEST_F(ArtifactFixture, ResolveDetectsTampering) {
  auto ref = store_->put_bytes(meta(), "hello world");
  const auto blob = store_->blob_path(kHelloSha);
  std::filesystem::permissions(blob, std::filesystem::perms::owner_write,
                               std::filesystem::perm_options::add);
  {
    std::ofstream out(blob, std::ios::binary | std::ios::trunc);
    out << "hello World";  // same length, one bit flipped
  }
  EXPECT_EQ(store_->resolve(ref->id, session_, 2000).code(), ArtifactCode::checksum_mismatch);
  {
    std::ofstream out(blob, std::ios::binary | std::ios::trunc);
    out << "hello world and more";  // right prefix, wrong length
  }
  EXPECT_EQ(store_->resolve(ref->id, session_, 2000).code(), ArtifactCode::checksum_mismatch);
  std::filesystem::remove(blob);
  EXPECT_EQ(store_->resolve(ref->id, session_, 2000).code(), ArtifactCode::io_error);
}

TEST_F(ArtifactFixture, ResolveRefusesOtherSessionsExpiredAndToolOutput) {
  auto ref = store_->put_bytes(meta(), "hello world");
  EXPECT_EQ(store_->resolve(ref->id, other_session_, 2000).code(), ArtifactCode::not_found);
  EXPECT_EQ(store_->resolve("art_unknown", session_, 2000).code(), ArtifactCode::not_found);

  auto expiring = meta("e.txt");
  expiring.expires_at_us = 5000;
  auto e = store_->put_bytes(expiring, "soon gone");
  EXPECT_TRUE(store_->resolve(e->id, session_, 4999).ok());
  EXPECT_EQ(store_->resolve(e->id, session_, 5000).code(), ArtifactCode::expired);

  auto captured = store_->put_bytes(meta("out.txt", Origin::tool_output), "tool printed this");
  ASSERT_TRUE(captured.ok());
  EXPECT_EQ(store_->resolve(captured->id, session_, 2000).code(), ArtifactCode::ineligible);
  EXPECT_EQ(store_->get_ref(captured->id).value(), captured.value());
}

TEST_F(ArtifactFixture, ArtifactsMustBelongToAKnownSession) {
  auto orphan = meta();
  orphan.session_id = "no-such-session";
  auto ref = store_->put_bytes(orphan, "bytes");
  EXPECT_EQ(ref.code(), ArtifactCode::io_error);
  EXPECT_EQ(artifact_rows(), 0);
  EXPECT_EQ(temp_count(), 0u);
}

TEST(Sha256Hasher, KnownVector) {
  EXPECT_EQ(Sha256Hasher::hex_of(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hasher::hex_of("hello world"), kHelloSha);
}

TEST(ArtifactVocabulary, NamesRoundTrip) {
  for (auto o :
       {Origin::model_output, Origin::workspace_export, Origin::text_export, Origin::tool_output}) {
    EXPECT_EQ(parse_origin(to_string(o)), o);
  }
  EXPECT_EQ(to_string(Origin::workspace_export), "WORKSPACE_EXPORT");
  EXPECT_EQ(parse_provenance("external_untrusted"), Provenance::external_untrusted);
  EXPECT_EQ(parse_provenance("trusted"), std::nullopt);
}

}  // namespace
}  // namespace toolhost::artifacts
