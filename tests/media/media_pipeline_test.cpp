// The media tools through the whole host: conditional registration on the
// tensorscale credential, both versions side by side, approval, the
// invocation rows, and `toolhost list` with and without TENSORSCALE_API_KEY.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <set>

#include "https_test_server.hpp"
#include "media_harness.hpp"
#include "startup/host_startup.hpp"
#include "support/run_command.hpp"

namespace toolhost::media::testing {
namespace {

namespace json = boost::json;

const std::vector<std::string> kMediaTools = {"image.generate@1.0.0", "image.generate@1.1.0",
                                              "video.generate@1.0.0", "video.generate@1.1.0"};

std::unique_ptr<startup::LoadedHost> start(const credentials::CredentialSource& credentials) {
  startup::StartupOptions options;
  options.builtin_plugin_dir = MEDIA_TEST_PLUGIN_DIR;
  options.credentials = &credentials;
  auto host = startup::start_host(options);
  for (const auto& d : host->diagnostics) ADD_FAILURE() << d;
  return host;
}

TEST(MediaRegistration, BothToolsAtBothVersionsOnlyWhenTheCredentialResolves) {
  MapCredentials none;
  auto without = start(none);
  EXPECT_EQ(without->catalog.size(), 0u);
  ASSERT_EQ(without->withheld.size(), 4u);
  for (const auto& w : without->withheld) {
    EXPECT_NE(std::find(kMediaTools.begin(), kMediaTools.end(), w.tool), kMediaTools.end())
        << w.tool;
    EXPECT_EQ(w.reason, "credential \"tensorscale\" does not resolve");
  }

  MapCredentials with;
  with.values["tensorscale"] = kSecret;
  auto host = start(with);
  EXPECT_TRUE(host->withheld.empty());
  ASSERT_EQ(host->catalog.size(), 4u);
  for (const auto& spec : host->catalog.all()) {
    EXPECT_EQ(spec.side_effect, "EXTERNAL_WRITE");
    EXPECT_EQ(spec.risk, "HIGH");
    EXPECT_EQ(spec.idempotency, "NON_IDEMPOTENT");
    EXPECT_EQ(spec.output_trust, "EXTERNAL_UNTRUSTED");
    EXPECT_FALSE(spec.allow_parallel);
    EXPECT_EQ(spec.max_output_bytes, 4096u);
    EXPECT_EQ(spec.timeout_s, spec.name == "image.generate" ? 1800 : 7200);
    std::vector<std::string> scopes{"media.generate", "artifact.write"};
    if (spec.version == "1.1.0") scopes.push_back("artifact.read");
    EXPECT_EQ(spec.required_scopes, scopes) << spec.id();
  }
}

struct HostHarness {
  MapCredentials credentials;
  std::unique_ptr<startup::LoadedHost> host;
  std::unique_ptr<store::Database> db;
  store::RandomUuidGenerator ids;
  clock::FixedClock clock{1785157391482913};
  std::unique_ptr<pipeline::Pipeline> pipeline;

  explicit HostHarness(const HttpsTestServer& server) {
    credentials.values["tensorscale"] = kSecret;
    credentials.values["tensorscale.test_base_url"] = server.base_url();
    credentials.values["tensorscale.test_trust_anchors"] = TestPki::instance().trusted_ca_pem;
    host = start(credentials);
    store::DatabaseOptions options;
    options.state_dir = fresh_state_dir("pipeline");
    db = std::move(*store::Database::open(options));
    pipeline::PipelineOptions popts;
    popts.default_scopes = {"media.generate", "artifact.write", "artifact.read"};
    pipeline = std::make_unique<pipeline::Pipeline>(*host, *db, ids, clock, credentials, popts);
  }

  pipeline::CallOutcome call(const std::string& tool, const std::string& args,
                             bool approve = true) {
    pipeline::CallRequest r;
    r.tool = registry::ToolRef::parse(tool);
    r.arguments_json = args;
    r.approve_inline = approve;
    return pipeline->call(r);
  }

  // Every text column of every invocation row, to search for the secret.
  std::string all_rows(const std::vector<std::string>& invocation_ids) {
    std::string text;
    for (const auto& id : invocation_ids) {
      auto row = pipeline->invocations().get(id);
      if (!row) continue;
      text +=
          row->arguments_json + row->output_json + row->content + row->detail + row->reason_code;
    }
    return text;
  }
};

TEST(MediaPipeline, GenerationNeedsApprovalThenPublishesOneArtifact) {
  HttpsTestServer server(TestPki::instance().good, respond(200, "image/png", png_bytes(5000)));
  HostHarness h(server);
  auto pending = h.call("image.generate", R"({"prompt":"a red kite"})", false);
  ASSERT_EQ(pending.status, pipeline::CallStatus::awaiting_approval);
  EXPECT_TRUE(server.requests().empty()) << "nothing is sent before approval";
  auto done = h.pipeline->approve(pending.invocation_id);
  ASSERT_EQ(done.status, pipeline::CallStatus::ok) << json::serialize(done.to_json());
  EXPECT_EQ(done.version, "1.1.0");
  EXPECT_EQ(done.output_trust, "EXTERNAL_UNTRUSTED");
  EXPECT_EQ(done.output.at("artifact").at("origin").as_string(), "MODEL_OUTPUT");
  ASSERT_EQ(server.requests().size(), 1u);
  EXPECT_EQ(json::parse(server.requests()[0].body),
            json::parse(R"({"prompt":"a red kite","size":"1024x1024"})"))
      << "the schema default size reached the provider";
  EXPECT_EQ((*h.db->count_rows())["artifacts"], 1);
  EXPECT_EQ(h.all_rows({done.invocation_id}).find(kSecret), std::string::npos);
}

TEST(MediaPipeline, VersionOneKeepsTheTextOnlyContract) {
  HttpsTestServer server(TestPki::instance().good, respond(200, "video/mp4", mp4_bytes()));
  HostHarness h(server);
  auto refused = h.call(
      "video.generate@1.0.0",
      R"({"prompt":"x","reference_image_ids":["art_00000000-0000-4000-8000-000000000001"]})");
  EXPECT_EQ(refused.status, pipeline::CallStatus::failed);
  EXPECT_EQ(refused.failure->reason_code, "tool.invalid_arguments.schema");
  for (const char* bad :
       {R"({"prompt":"   "})", R"({"prompt":"x","seed":-1})", R"({"prompt":"x","seed":2147483648})",
        R"({"prompt":"x","size":"1024x1024"})", R"({"prompt":"x","duration_seconds":7})"}) {
    auto o = h.call("video.generate@1.0.0", bad);
    EXPECT_EQ(o.status, pipeline::CallStatus::failed) << bad;
    EXPECT_EQ(o.failure->reason_code, "tool.invalid_arguments.schema") << bad;
  }
  EXPECT_EQ(h.call("image.generate", R"({"prompt":")" + std::string(8001, 'a') + "\"}")
                .failure->reason_code,
            "tool.invalid_arguments.schema");
  EXPECT_TRUE(server.requests().empty());
  auto ok = h.call("video.generate@1.0.0", R"({"prompt":"x","seed":2147483647})");
  ASSERT_EQ(ok.status, pipeline::CallStatus::ok) << json::serialize(ok.to_json());
  EXPECT_EQ(ok.version, "1.0.0");
  EXPECT_EQ(
      json::parse(server.requests().at(0).body),
      json::parse(R"({"prompt":"x","size":"1280x768","seed":2147483647,"duration_seconds":5})"));
}

TEST(MediaPipeline, AProviderRejectionIsRecordedWithoutTheSecretOrProviderText) {
  HttpsTestServer server(TestPki::instance().good,
                         respond(401, "application/json", std::string("bad key ") + kSecret));
  HostHarness h(server);
  auto o = h.call("image.generate@1.0.0", R"({"prompt":"x"})");
  ASSERT_EQ(o.status, pipeline::CallStatus::failed);
  EXPECT_EQ(o.failure->reason_code, "tool.unavailable.provider_rejected");
  EXPECT_FALSE(o.failure->retryable);
  const std::string everything = json::serialize(o.to_json()) + h.all_rows({o.invocation_id});
  EXPECT_EQ(everything.find(kSecret), std::string::npos);
  EXPECT_EQ(everything.find("bad key"), std::string::npos);
  EXPECT_EQ(server.requests().size(), 1u);
  EXPECT_EQ((*h.db->count_rows())["artifacts"], 0);
}

TEST(MediaCli, ListShowsBothToolsAtBothVersionsOnlyWithTheKey) {
  using toolhost::testing::run_command;
  const std::string list = toolhost::testing::toolhost_binary() + " list";
  auto with = run_command("TENSORSCALE_API_KEY=" + std::string(kSecret) + " " + list + " 2>&1");
  ASSERT_EQ(with.exit_code, 0) << with.output;
  EXPECT_NE(with.output.find("image.generate"), std::string::npos) << with.output;
  EXPECT_NE(with.output.find("video.generate"), std::string::npos) << with.output;
  auto listing = run_command("TENSORSCALE_API_KEY=x " + list + " --json");
  ASSERT_EQ(listing.exit_code, 0) << listing.output;
  std::set<std::string> media;
  const json::value parsed = json::parse(listing.output);
  for (const auto& t : parsed.at("tools").as_array()) {
    const std::string name(t.at("name").as_string());
    if (name == "image.generate" || name == "video.generate")
      media.insert(name + "@" + std::string(t.at("version").as_string()));
  }
  EXPECT_EQ(media, std::set<std::string>(kMediaTools.begin(), kMediaTools.end()));
  EXPECT_EQ(with.output.find(kSecret), std::string::npos);

  auto without = run_command("env -u TENSORSCALE_API_KEY " + list + " 2>&1");
  ASSERT_EQ(without.exit_code, 0) << without.output;
  EXPECT_EQ(without.output.find("image.generate"), std::string::npos) << without.output;
  EXPECT_EQ(without.output.find("video.generate"), std::string::npos) << without.output;

  auto verbose = run_command("env -u TENSORSCALE_API_KEY " + list + " --verbose 2>&1");
  ASSERT_EQ(verbose.exit_code, 0) << verbose.output;
  for (const auto& tool : kMediaTools)
    EXPECT_NE(
        verbose.output.find("withheld: " + tool + ": credential \"tensorscale\" does not resolve"),
        std::string::npos)
        << verbose.output;
}

}  // namespace
}  // namespace toolhost::media::testing
