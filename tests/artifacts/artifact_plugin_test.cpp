// The built artifact.so, loaded the way the host loads it, invoked through a
// service table whose artifact members are the real artifact services and
// whose workspace members are fakes streaming fixed bytes.
#include "artifact_fixture.hpp"
#include "artifacts/artifact_services.hpp"

#include <toolhost/plugin.h>

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <fstream>
#include <map>

namespace toolhost::artifacts {
namespace {

namespace json = boost::json;

struct FakeFile {
  std::string bytes;
  th_provenance provenance = TH_PROVENANCE_UNKNOWN;
};

// The per-call struct a host would own: artifact context plus a fake workspace.
struct TestHost {
  ArtifactCallContext artifacts;
  std::map<std::string, FakeFile> files;
  std::map<std::string, th_service_status> failures;  // path -> status to answer
  size_t chunk_size = 3;
  int reads = 0;
};

int32_t fake_workspace_read(void* host, th_str path, th_sink out, uint64_t* size) {
  auto* h = static_cast<TestHost*>(host);
  ++h->reads;
  const std::string key(path.data, path.size);
  if (auto f = h->failures.find(key); f != h->failures.end()) return f->second;
  auto it = h->files.find(key);
  if (it == h->files.end()) return TH_SERVICE_NO_SUCH_PATH;
  const std::string& bytes = it->second.bytes;
  *size = bytes.size();
  for (size_t at = 0; at < bytes.size(); at += h->chunk_size) {
    const size_t n = std::min(h->chunk_size, bytes.size() - at);
    if (out.write(out.context, bytes.data() + at, n) != 0) return TH_SERVICE_STOPPED;
  }
  return TH_SERVICE_OK;
}

int32_t fake_workspace_provenance(void* host, th_str path, int32_t* provenance) {
  auto* h = static_cast<TestHost*>(host);
  auto it = h->files.find(std::string(path.data, path.size));
  if (it == h->files.end()) return TH_SERVICE_NO_SUCH_PATH;
  *provenance = it->second.provenance;
  return TH_SERVICE_OK;
}

struct Outcome {
  int32_t status = -1;
  std::string output_json, content, reason_code, detail;
};

class ArtifactPluginTest : public ArtifactFixture {
 protected:
  static void SetUpTestSuite() {
    const std::string path = std::string(TOOLHOST_BUILTIN_PLUGIN_DIR) + "/artifact.so";
    library_ = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(library_, nullptr) << ::dlerror();
    auto entry = reinterpret_cast<th_plugin_entry_fn>(::dlsym(library_, TOOLHOST_ENTRY_SYMBOL));
    ASSERT_NE(entry, nullptr);
    const th_host_offer offer{sizeof(th_host_offer), 1, 1, {"test", 4}};
    ASSERT_EQ(entry(&offer, &plugin_), TH_ENTRY_OK);
    ASSERT_EQ(plugin_->abi_version, 1u);
  }
  static void TearDownTestSuite() {
    if (plugin_ && plugin_->shutdown) plugin_->shutdown(plugin_->self);
    // Left loaded: function-local statics inside it live until exit.
  }

  void SetUp() override {
    ArtifactFixture::SetUp();
    host_.artifacts.store = store_.get();
    host_.artifacts.session_id = session_;
    host_.artifacts.run_id = "run-1";
    host_.artifacts.invocation_id = "inv-1";
    host_.artifacts.now_utc_us = [] { return int64_t{1000}; };
    set_artifact_context_resolver(
        [](void* h) -> ArtifactCallContext* { return &static_cast<TestHost*>(h)->artifacts; });
    services_.struct_size = sizeof(th_host_services);
    services_.host = &host_;
    services_.workspace_read = &fake_workspace_read;
    services_.workspace_provenance = &fake_workspace_provenance;
    bind_artifact_services(services_);
  }
  void TearDown() override { set_artifact_context_resolver(nullptr); }

  Outcome invoke(const std::string& version, const std::string& args) {
    const std::string tool = "artifact.export", inv = "inv-1";
    th_invoke_request request{sizeof(th_invoke_request),        {tool.data(), tool.size()},
                              {version.data(), version.size()}, {args.data(), args.size()},
                              {inv.data(), inv.size()},         {session_.data(), session_.size()}};
    th_invoke_result result{};
    result.struct_size = sizeof(th_invoke_result);
    EXPECT_EQ(plugin_->invoke(plugin_->self, &request, &services_, &result), 0);
    auto text = [](th_str s) { return s.data ? std::string(s.data, s.size) : std::string(); };
    Outcome out{result.status, text(result.output_json), text(result.content),
                text(result.reason_code), text(result.detail)};
    if (result.release) result.release(result.release_context);
    return out;
  }

  static inline void* library_ = nullptr;
  static inline const th_plugin_v1* plugin_ = nullptr;
  TestHost host_;
  th_host_services services_{};
};

TEST_F(ArtifactPluginTest, ManifestBytesEqualTheCheckedInFile) {
  std::ifstream in(std::string(TOOLHOST_MANIFEST_DIR) + "/plugins/artifact.json", std::ios::binary);
  const std::string file((std::istreambuf_iterator<char>(in)), {});
  const th_str manifest = plugin_->manifest(plugin_->self);
  EXPECT_EQ(std::string(manifest.data, manifest.size), file);
}

TEST_F(ArtifactPluginTest, V2ContentIsSavedAsTextAndAttached) {
  const Outcome out = invoke("2.0.0", R"({"path":"","content":"# Notes\n","name":"notes.md"})");
  ASSERT_EQ(out.status, TH_INVOKE_OK) << out.reason_code << " " << out.detail;
  const json::value output = json::parse(out.output_json);
  EXPECT_EQ(output.at("attached"), true);
  const json::object& ref = output.at("artifact").as_object();
  EXPECT_EQ(ref.size(), 6u);
  EXPECT_EQ(ref.at("id"), "art_00000000-0000-4000-8000-000000000003");
  EXPECT_EQ(ref.at("name"), "notes.md");
  EXPECT_EQ(ref.at("media_type"), "text/markdown");
  EXPECT_EQ(ref.at("byte_count"), 8);
  EXPECT_EQ(ref.at("checksum"), json::value("sha256:" + Sha256Hasher::hex_of("# Notes\n")));
  EXPECT_EQ(ref.at("origin"), "TEXT_EXPORT");
  EXPECT_EQ(out.content,
            "Exported notes.md (8 bytes) as artifact art_00000000-0000-4000-8000-000000000003. "
            "The file is attached to the reply.");
  auto resolved = store_->resolve("art_00000000-0000-4000-8000-000000000003", session_, 1000);
  ASSERT_TRUE(resolved.ok());
  EXPECT_EQ(resolved->bytes, "# Notes\n");
}

TEST_F(ArtifactPluginTest, V2DefaultNameAndTextMediaType) {
  Outcome out = invoke("2.0.0", R"({"path":"","content":"plain"})");
  ASSERT_EQ(out.status, TH_INVOKE_OK);
  auto ref = json::parse(out.output_json).at("artifact");
  EXPECT_EQ(ref.at("name"), "export.txt");
  EXPECT_EQ(ref.at("media_type"), "text/plain");
  out = invoke("2.0.0", R"({"content":"not an image","name":"picture.png"})");
  ASSERT_EQ(out.status, TH_INVOKE_OK);
  EXPECT_EQ(json::parse(out.output_json).at("artifact").at("media_type"), "text/plain");
}

TEST_F(ArtifactPluginTest, ExportingTheSameThingTwiceInARunReturnsTheSameRef) {
  const std::string args = R"({"path":"","content":"same bytes","name":"a.txt"})";
  const Outcome first = invoke("2.0.0", args);
  const auto rows = artifact_rows();
  const auto blobs = blob_count();
  const Outcome second = invoke("2.0.0", args);
  ASSERT_EQ(second.status, TH_INVOKE_OK);
  EXPECT_EQ(second.output_json, first.output_json);
  EXPECT_EQ(artifact_rows(), rows);
  EXPECT_EQ(blob_count(), blobs);

  host_.files["docs/a.txt"] = {"workspace bytes", TH_PROVENANCE_TOOL_WRITTEN};
  const Outcome v1_first = invoke("1.0.0", R"({"path":"docs/a.txt"})");
  const Outcome v1_second = invoke("1.0.0", R"({"path":"docs/a.txt"})");
  ASSERT_EQ(v1_first.status, TH_INVOKE_OK);
  EXPECT_EQ(v1_second.output_json, v1_first.output_json);
  EXPECT_EQ(artifact_rows(), rows + 1);

  host_.artifacts.run_id = "run-2";  // a new run gets its own artifact
  const Outcome next_run = invoke("2.0.0", args);
  EXPECT_NE(next_run.output_json, first.output_json);
  EXPECT_EQ(blob_count(), blobs + 1);  // the workspace bytes; run-2 shares the text blob
}

TEST_F(ArtifactPluginTest, V2RefusesBadSourcesAndNames) {
  const std::map<std::string, std::string> cases{
      {R"({"path":""})", "tool.invalid_arguments.export_source"},
      {R"({})", "tool.invalid_arguments.export_source"},
      {R"({"path":"a.txt","content":"x"})", "tool.invalid_arguments.export_source"},
      {R"({"content":"x","name":""})", "tool.invalid_arguments.file_name"},
      {R"({"content":"x","name":"."})", "tool.invalid_arguments.file_name"},
      {R"({"content":"x","name":".."})", "tool.invalid_arguments.file_name"},
      {R"({"content":"x","name":"a/b.txt"})", "tool.invalid_arguments.file_name"},
      {R"({"content":"x","name":"/etc"})", "tool.invalid_arguments.file_name"},
      {R"({"content":"x","name":"a\\b"})", "tool.invalid_arguments.file_name"},
      {R"({"content":"x","name":")" + std::string(256, 'n') + R"("})",
       "tool.invalid_arguments.file_name"},
      {R"({"content":"a\u0000b"})", "tool.invalid_arguments.not_text"},
  };
  for (const auto& [args, reason] : cases) {
    const Outcome out = invoke("2.0.0", args);
    EXPECT_EQ(out.status, TH_INVOKE_FAILED) << args;
    EXPECT_EQ(out.reason_code, reason) << args;
  }
  EXPECT_EQ(invoke("2.0.0", R"({"content":"x","name":")" + std::string(255, 'n') + R"("})").status,
            TH_INVOKE_OK);
  EXPECT_EQ(host_.reads, 0);
  EXPECT_EQ(artifact_rows(), 1);
}

TEST_F(ArtifactPluginTest, V2ContentOverOneMebibyteIsTooLarge) {
  const std::string big(1024 * 1024 + 1, 'x');
  const Outcome out = invoke("2.0.0", R"({"content":")" + big + R"("})");
  EXPECT_EQ(out.reason_code, "tool.output_too_large.artifact_too_large");
  EXPECT_EQ(invoke("2.0.0", R"({"content":")" + big.substr(1) + R"("})").status, TH_INVOKE_OK);
}

TEST_F(ArtifactPluginTest, V1StreamsAWorkspaceFileIntoTheWriter) {
  std::string bytes;
  for (int i = 0; i < 1000; ++i) bytes += static_cast<char>(i % 256);  // not text: fine
  host_.files["out/data.bin"] = {bytes, TH_PROVENANCE_UNKNOWN};
  host_.chunk_size = 7;
  const Outcome out = invoke("1.0.0", R"({"path":"out/data.bin"})");
  ASSERT_EQ(out.status, TH_INVOKE_OK) << out.reason_code << " " << out.detail;
  const auto ref = json::parse(out.output_json).at("artifact");
  EXPECT_EQ(ref.at("name"), "data.bin");
  EXPECT_EQ(ref.at("media_type"), "application/octet-stream");
  EXPECT_EQ(ref.at("origin"), "WORKSPACE_EXPORT");
  EXPECT_EQ(ref.at("byte_count"), 1000);
  EXPECT_EQ(ref.at("checksum"), json::value("sha256:" + Sha256Hasher::hex_of(bytes)));
  auto resolved = store_->resolve(std::string(ref.at("id").as_string()), session_, 1000);
  ASSERT_TRUE(resolved.ok());
  EXPECT_EQ(resolved->bytes, bytes);
  auto st = db_->prepare("SELECT provenance FROM artifacts");
  ASSERT_TRUE(st->step());
  EXPECT_EQ(st->column_text(0), "external_untrusted");  // not tool-written
}

TEST_F(ArtifactPluginTest, V2PathExportUsesTheOptionalName) {
  host_.files["r.csv"] = {"a,b\n", TH_PROVENANCE_TOOL_WRITTEN};
  const Outcome out = invoke("2.0.0", R"({"path":"r.csv","name":"report.csv"})");
  ASSERT_EQ(out.status, TH_INVOKE_OK);
  const auto ref = json::parse(out.output_json).at("artifact");
  EXPECT_EQ(ref.at("name"), "report.csv");
  EXPECT_EQ(ref.at("media_type"), "text/csv");
  auto st = db_->prepare("SELECT provenance FROM artifacts");
  ASSERT_TRUE(st->step());
  EXPECT_EQ(st->column_text(0), "internal");
}

TEST_F(ArtifactPluginTest, WorkspaceFailuresMapToReasonCodesAndPublishNothing) {
  host_.failures = {{"dir", TH_SERVICE_NOT_A_FILE},
                    {"f/x", TH_SERVICE_NOT_A_DIRECTORY},
                    {"../etc/passwd", TH_SERVICE_ESCAPE},
                    {"huge", TH_SERVICE_TOO_LARGE},
                    {"broken", TH_SERVICE_IO_ERROR}};
  const std::map<std::string, std::string> cases{
      {"missing", "tool.not_found.no_such_path"},
      {"dir", "tool.invalid_arguments.not_a_file"},
      {"f/x", "tool.invalid_arguments.not_a_directory"},
      {"../etc/passwd", "tool.invalid_arguments.path_outside_workspace"},
      {"huge", "tool.output_too_large.artifact_too_large"},
      {"broken", "tool.internal.error"},
  };
  for (const auto& [path, reason] : cases) {
    for (const char* version : {"1.0.0", "2.0.0"}) {
      const Outcome out = invoke(version, R"({"path":")" + path + R"("})");
      EXPECT_EQ(out.status, TH_INVOKE_FAILED) << path;
      EXPECT_EQ(out.reason_code, reason) << path << " " << version;
    }
  }
  EXPECT_EQ(artifact_rows(), 0);
  EXPECT_EQ(temp_count(), 0u);
  EXPECT_TRUE(host_.artifacts.writers.empty());
}

TEST_F(ArtifactPluginTest, AFileOverTheWriterLimitIsArtifactTooLarge) {
  host_.files["big.txt"] = {std::string(100, 'b'), TH_PROVENANCE_TOOL_WRITTEN};
  host_.artifacts.max_artifact_bytes = 64;
  const Outcome out = invoke("1.0.0", R"({"path":"big.txt"})");
  EXPECT_EQ(out.reason_code, "tool.output_too_large.artifact_too_large");
  EXPECT_EQ(artifact_rows(), 0);
  EXPECT_EQ(temp_count(), 0u);
  EXPECT_EQ(blob_count(), 0u);
}

TEST_F(ArtifactPluginTest, WithoutArtifactServicesTheCallIsUnavailable) {
  services_.artifact_begin = nullptr;
  const Outcome out = invoke("2.0.0", R"({"content":"x"})");
  EXPECT_EQ(out.reason_code, "tool.unavailable.not_granted");
}

}  // namespace
}  // namespace toolhost::artifacts
