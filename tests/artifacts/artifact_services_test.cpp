#include "artifacts/artifact_services.hpp"

#include "artifact_fixture.hpp"

#include <toolhost/plugin.hpp>

#include <gtest/gtest.h>

namespace toolhost::artifacts {
namespace {

class ArtifactServicesTest : public ArtifactFixture {
 protected:
  void SetUp() override {
    ArtifactFixture::SetUp();
    call_.store = store_.get();
    call_.session_id = session_;
    call_.run_id = "run-1";
    call_.invocation_id = "inv-1";
    call_.now_utc_us = [] { return int64_t{1000}; };
    services_.struct_size = sizeof(th_host_services);
    services_.host = &call_;  // default rule: host is the ArtifactCallContext
    bind_artifact_services(services_);
  }
  void TearDown() override { set_artifact_context_resolver(nullptr); }

  static constexpr const char* kMeta =
      R"({"name":"a.txt","media_type":"text/plain","origin":"TEXT_EXPORT","provenance":"internal"})";

  ArtifactCallContext call_;
  th_host_services services_{};
};

TEST_F(ArtifactServicesTest, BeginAppendCommitThroughTheCTable) {
  sdk::Context ctx(&services_);
  uint64_t writer = 0;
  ASSERT_EQ(ctx.artifact_begin(kMeta, &writer), TH_SERVICE_OK);
  EXPECT_EQ(writer, 1u);
  ASSERT_EQ(ctx.artifact_append(writer, "hello "), TH_SERVICE_OK);
  ASSERT_EQ(ctx.artifact_append(writer, "world"), TH_SERVICE_OK);
  std::string ref;
  ASSERT_EQ(ctx.artifact_commit(writer, &ref), TH_SERVICE_OK);
  EXPECT_EQ(ref, R"({"id":"art_00000000-0000-4000-8000-000000000003","name":"a.txt",)"
                 R"("media_type":"text/plain","byte_count":11,"checksum":"sha256:)"
                 R"(b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9",)"
                 R"("origin":"TEXT_EXPORT"})");
  EXPECT_TRUE(call_.writers.empty());
  // The handle is spent.
  EXPECT_EQ(ctx.artifact_commit(writer, &ref), TH_SERVICE_NOT_FOUND);
  EXPECT_EQ(ctx.artifact_append(writer, "x"), TH_SERVICE_NOT_FOUND);

  std::string bytes, resolved_ref;
  ASSERT_EQ(ctx.artifact_resolve("art_00000000-0000-4000-8000-000000000003", &bytes, &resolved_ref),
            TH_SERVICE_OK);
  EXPECT_EQ(bytes, "hello world");
  EXPECT_EQ(resolved_ref, ref);
}

TEST_F(ArtifactServicesTest, MetaIsCheckedAndToolOutputIsThePipelinesOwn) {
  sdk::Context ctx(&services_);
  uint64_t writer = 0;
  EXPECT_EQ(ctx.artifact_begin("not json", &writer), TH_SERVICE_DENIED);
  EXPECT_EQ(ctx.artifact_begin(R"({"name":"a.txt"})", &writer), TH_SERVICE_DENIED);
  EXPECT_EQ(ctx.artifact_begin(R"({"name":"a","media_type":"text/plain","origin":"TOOL_OUTPUT",)"
                               R"("provenance":"internal"})",
                               &writer),
            TH_SERVICE_DENIED);
  EXPECT_EQ(ctx.artifact_begin(R"({"name":"a","media_type":"text/plain","origin":"TEXT_EXPORT",)"
                               R"("provenance":"trusted"})",
                               &writer),
            TH_SERVICE_DENIED);
  EXPECT_EQ(ctx.artifact_begin(R"({"name":"","media_type":"text/plain","origin":"TEXT_EXPORT",)"
                               R"("provenance":"internal"})",
                               &writer),
            TH_SERVICE_DENIED);
  EXPECT_EQ(artifact_rows(), 0);
}

TEST_F(ArtifactServicesTest, LimitsFromTheCallAndTheMetaBothApply) {
  sdk::Context ctx(&services_);
  call_.max_artifact_bytes = 8;
  uint64_t writer = 0;
  ASSERT_EQ(ctx.artifact_begin(kMeta, &writer), TH_SERVICE_OK);
  EXPECT_EQ(ctx.artifact_append(writer, "12345678"), TH_SERVICE_OK);
  EXPECT_EQ(ctx.artifact_append(writer, "9"), TH_SERVICE_TOO_LARGE);
  std::string ref;
  EXPECT_EQ(ctx.artifact_commit(writer, &ref), TH_SERVICE_TOO_LARGE);

  call_.max_artifact_bytes = kArtifactHardCeilingBytes;
  ASSERT_EQ(ctx.artifact_begin(R"({"name":"a","media_type":"text/plain","origin":"TEXT_EXPORT",)"
                               R"("provenance":"internal","max_bytes":3})",
                               &writer),
            TH_SERVICE_OK);
  EXPECT_EQ(ctx.artifact_append(writer, "1234"), TH_SERVICE_TOO_LARGE);
  EXPECT_EQ(artifact_rows(), 0);
  EXPECT_EQ(temp_count(), 0u);
}

TEST_F(ArtifactServicesTest, AbortAndOpenWritersAtTheEndOfACallPublishNothing) {
  sdk::Context ctx(&services_);
  uint64_t aborted = 0, left_open = 0;
  ASSERT_EQ(ctx.artifact_begin(kMeta, &aborted), TH_SERVICE_OK);
  ASSERT_EQ(ctx.artifact_append(aborted, "x"), TH_SERVICE_OK);
  ctx.artifact_abort(aborted);
  ASSERT_EQ(ctx.artifact_begin(kMeta, &left_open), TH_SERVICE_OK);
  EXPECT_NE(left_open, aborted);
  ASSERT_EQ(ctx.artifact_append(left_open, "y"), TH_SERVICE_OK);
  EXPECT_EQ(temp_count(), 1u);
  call_.writers.clear();  // what destroying the call's context does
  EXPECT_EQ(temp_count(), 0u);
  EXPECT_EQ(artifact_rows(), 0);
}

TEST_F(ArtifactServicesTest, ResolveAnswersNotFoundForAnythingTheSessionMayNotRead) {
  sdk::Context ctx(&services_);
  auto foreign_meta = meta();
  foreign_meta.session_id = other_session_;
  auto foreign = store_->put_bytes(foreign_meta, "theirs");
  auto captured = store_->put_bytes(meta("o.txt", Origin::tool_output), "captured");
  auto expiring = meta("e.txt");
  expiring.expires_at_us = 1000;  // the call's clock says 1000: expired
  auto expired = store_->put_bytes(expiring, "gone");
  std::string bytes, ref;
  for (const auto& id : {foreign->id, captured->id, expired->id, std::string("art_nope")}) {
    EXPECT_EQ(ctx.artifact_resolve(id, &bytes, &ref), TH_SERVICE_NOT_FOUND) << id;
  }
  EXPECT_TRUE(bytes.empty());
  EXPECT_TRUE(ref.empty());
}

TEST_F(ArtifactServicesTest, RetentionStampsExpiry) {
  sdk::Context ctx(&services_);
  call_.retention_us = 500;
  uint64_t writer = 0;
  ASSERT_EQ(ctx.artifact_begin(kMeta, &writer), TH_SERVICE_OK);
  std::string ref;
  ASSERT_EQ(ctx.artifact_commit(writer, &ref), TH_SERVICE_OK);
  auto st = db_->prepare("SELECT expires_at_us, created_at_us, invocation_id FROM artifacts");
  ASSERT_TRUE(st->step());
  EXPECT_EQ(st->column_int(0), 1500);
  EXPECT_EQ(st->column_int(1), 1000);
  EXPECT_EQ(st->column_text(2), "inv-1");
}

struct PipelineCall {
  int other_state = 7;
  ArtifactCallContext artifacts;
};

TEST_F(ArtifactServicesTest, AResolverFindsTheContextInsideTheHostsOwnStruct) {
  PipelineCall host;
  host.artifacts.store = store_.get();
  host.artifacts.session_id = session_;
  host.artifacts.run_id = "run-1";
  set_artifact_context_resolver(
      [](void* h) -> ArtifactCallContext* { return &static_cast<PipelineCall*>(h)->artifacts; });
  services_.host = &host;
  sdk::Context ctx(&services_);
  uint64_t writer = 0;
  ASSERT_EQ(ctx.artifact_begin(kMeta, &writer), TH_SERVICE_OK);
  EXPECT_EQ(host.artifacts.writers.size(), 1u);

  set_artifact_context_resolver([](void*) -> ArtifactCallContext* { return nullptr; });
  EXPECT_EQ(ctx.artifact_begin(kMeta, &writer), TH_SERVICE_UNAVAILABLE);
}

}  // namespace
}  // namespace toolhost::artifacts
