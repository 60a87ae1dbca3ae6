// The media tools against a real HTTPS server on 127.0.0.1: every response
// shape the adapter must accept or refuse, with the artifact store, the
// deadline and cancellation exactly as the pipeline binds them.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <thread>

#include "generation_tool.hpp"
#include "https_test_server.hpp"
#include "media_harness.hpp"
#include "reason_codes.hpp"
#include "tensorscale_adapter.hpp"
#include "tensorscale_request.hpp"

namespace toolhost::media::testing {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;
using toolhost::sdk::Result;

struct AdapterSettings {
  std::chrono::milliseconds stall = 2000ms;
  std::chrono::milliseconds margin = 100ms;
  std::optional<std::string> trust = TestPki::instance().trusted_ca_pem;
};

ProviderFactory factory_for(const HttpsTestServer& server, AdapterSettings settings = {}) {
  const std::string url = server.base_url();
  return [url, settings](const toolhost::sdk::Context&, std::string key) {
    auto endpoint = endpoint_from_base_url(url);
    if (!endpoint) return std::unique_ptr<MediaGenerationProvider>();
    endpoint->trust_anchors_pem = settings.trust;
    endpoint->stall_timeout = settings.stall;
    endpoint->deadline_margin = settings.margin;
    return std::unique_ptr<MediaGenerationProvider>(
        std::make_unique<TensorScaleAdapter>(*endpoint, std::move(key)));
  };
}

struct Media {
  StoreHarness store;

  Result image(const ProviderFactory& f, const std::string& args, const char* version = "1.0.0",
               std::shared_ptr<pipeline::CallContext> c = nullptr) {
    if (!c) c = store.context();
    toolhost::sdk::Context ctx(&c->services);
    toolhost::sdk::Call call{"image.generate", version, args, c->artifacts.invocation_id,
                             store.session_id};
    return generate_image(call, ctx, f, {std::string_view(version) == "1.1.0"});
  }
  Result video(const ProviderFactory& f, const std::string& args, const char* version = "1.0.0") {
    auto c = store.context();
    toolhost::sdk::Context ctx(&c->services);
    toolhost::sdk::Call call{"video.generate", version, args, c->artifacts.invocation_id,
                             store.session_id};
    return generate_video(call, ctx, f, {std::string_view(version) == "1.1.0"});
  }
};

const std::string kImageArgs = R"({"prompt":"a lighthouse at dusk","seed":7,"size":"1024x1024"})";
const std::string kVideoArgs = R"({"prompt":"waves","size":"1280x768","duration_seconds":5})";

void expect_no_secret(const Result& r) {
  for (const auto* text : {&r.output_json(), &r.content(), &r.reason_code(), &r.detail()})
    EXPECT_EQ(text->find(kSecret), std::string::npos) << *text;
}

// Failed with `code`, published nothing, leaked nothing, left no partial file.
void expect_clean_failure(Media& m, const Result& r, std::string_view code) {
  EXPECT_FALSE(r.is_ok());
  EXPECT_EQ(r.reason_code(), code) << r.detail();
  EXPECT_EQ(m.store.artifact_rows(), 0) << "a failed stream published an artifact";
  const auto tmp = (*m.store.artifact_store).root() / "tmp";
  if (std::filesystem::exists(tmp)) {
    EXPECT_TRUE(std::filesystem::is_empty(tmp));
  }
  expect_no_secret(r);
}

json::object output_of(const Result& r) {
  return json::parse(r.output_json()).as_object();
}

TEST(MediaStream, ImageStreamsIntoOneModelOutputArtifact) {
  Media m;
  const std::string png = png_bytes(100000);
  HttpsTestServer server(TestPki::instance().good, respond(200, "image/png", png));
  auto r = m.image(factory_for(server), kImageArgs);
  ASSERT_TRUE(r.is_ok()) << r.reason_code() << ": " << r.detail();
  EXPECT_EQ(r.trust(), TH_TRUST_EXTERNAL_UNTRUSTED);
  auto out = output_of(r);
  EXPECT_EQ(out.at("attached"), json::value(true));
  const auto& ref = out.at("artifact").as_object();
  EXPECT_EQ(ref.at("media_type").as_string(), "image/png");
  EXPECT_EQ(ref.at("origin").as_string(), "MODEL_OUTPUT");
  EXPECT_EQ(ref.at("byte_count").as_int64(), static_cast<int64_t>(png.size()));
  EXPECT_EQ(ref.at("name").as_string(), "image-00000000-0000-4000-8000-0000000000aa.png");
  EXPECT_LE(r.output_json().size(), 4096u);
  auto stored = (*m.store.artifact_store)
                    .resolve(std::string(ref.at("id").as_string()), m.store.session_id, 0);
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(stored->bytes, png);
  expect_no_secret(r);

  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].method, "POST");
  EXPECT_EQ(requests[0].target, "/v2/sensenova-u1.5/t2i");
  EXPECT_EQ(requests[0].authorization, std::string("Bearer ") + kSecret);
  EXPECT_EQ(requests[0].accept, "image/png");
  EXPECT_EQ(json::parse(requests[0].body),
            json::parse(R"({"prompt":"a lighthouse at dusk","size":"1024x1024","seed":7})"));
}

TEST(MediaStream, VideoStreamsAnMp4FromTheLtxEndpoint) {
  Media m;
  const std::string mp4 = mp4_bytes(300000);
  HttpsTestServer server(TestPki::instance().good, respond(200, "video/mp4", mp4));
  auto r = m.video(factory_for(server), kVideoArgs);
  ASSERT_TRUE(r.is_ok()) << r.reason_code() << ": " << r.detail();
  EXPECT_EQ(output_of(r).at("artifact").at("media_type").as_string(), "video/mp4");
  EXPECT_EQ(output_of(r).at("artifact").at("byte_count").as_int64(), 300000);
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].target, "/v2/ltx-2.5/fast");
  EXPECT_EQ(json::parse(requests[0].body),
            json::parse(R"({"prompt":"waves","size":"1280x768","duration_seconds":5})"));
}

TEST(MediaStream, ASlowButSteadyChunkedStreamSucceeds) {
  Media m;
  const std::string png = png_bytes(8 * 1000);
  std::vector<std::string> chunks;
  for (size_t i = 0; i < png.size(); i += 1000) chunks.push_back(png.substr(i, 1000));
  HttpsTestServer server(TestPki::instance().good, respond_chunked("image/png", chunks, 80ms));
  auto r = m.image(factory_for(server, {.stall = 1500ms}), kImageArgs);
  ASSERT_TRUE(r.is_ok()) << r.reason_code() << ": " << r.detail();
  EXPECT_EQ(output_of(r).at("artifact").at("byte_count").as_int64(), 8000);
}

struct Shape {
  const char* name;
  std::function<Responder()> responder;
  std::string_view reason_code;
};

std::string mib(size_t n) {
  return std::string(n * 1024 * 1024, 'x');
}

std::vector<Shape> failure_shapes() {
  return {
      {"bad_request", [] { return respond(400, "application/json", R"({"error":"nope"})"); },
       reason::kProviderRejected},
      {"unauthorized", [] { return respond(401, "application/json", kSecret); },
       reason::kProviderRejected},
      {"rate_limited", [] { return respond(429, "text/plain", "slow down"); },
       reason::kProviderRejected},
      {"server_error", [] { return respond(500, "text/plain", "boom"); }, reason::kProviderError},
      {"unavailable", [] { return respond(503, "text/plain", "later"); }, reason::kProviderError},
      {"redirect",
       [] { return respond(302, "text/plain", "", "Location: https://127.0.0.1:1/elsewhere\r\n"); },
       reason::kProviderError},
      {"wrong_content_type", [] { return respond(200, "text/html", png_bytes()); },
       reason::kProviderResponse},
      {"jpeg_type_for_png", [] { return respond(200, "image/jpeg", png_bytes()); },
       reason::kProviderResponse},
      {"bad_signature", [] { return respond(200, "image/png", "GIF89a" + std::string(5000, 'g')); },
       reason::kProviderResponse},
      {"empty_body", [] { return respond(200, "image/png", ""); }, reason::kProviderResponse},
      {"too_short_for_a_signature", [] { return respond(200, "image/png", "\x89PNG"); },
       reason::kProviderResponse},
      {"oversize_declared",
       [] { return truncate_after("image/png", 32 * 1024 * 1024 + 1, png_bytes(1000)); },
       reason::kGeneratedTooLarge},
      {"oversize_stream",
       [] {
         std::vector<std::string> chunks{png_bytes(1024)};
         for (int i = 0; i < 33; ++i) chunks.push_back(mib(1));
         return respond_chunked("image/png", chunks, 0ms);
       },
       reason::kGeneratedTooLarge},
      {"truncated", [] { return truncate_after("image/png", 50000, png_bytes(20000)); },
       reason::kProviderError},
      {"truncated_chunked",
       [] {
         return Responder([](const RecordedRequest&, Connection& c) {
           c.send(head(200, "image/png") + "Transfer-Encoding: chunked\r\n\r\n1000\r\n" +
                  png_bytes(100));
         });
       },
       reason::kProviderError},
      {"unframed_body",
       [] {
         return Responder([](const RecordedRequest&, Connection& c) {
           c.send(head(200, "image/png") + "Connection: close\r\n\r\n" + png_bytes(5000));
         });
       },
       reason::kProviderError},
      {"stalled", [] { return stall_after("image/png", 50000, png_bytes(2000)); },
       reason::kProviderTimeout},
  };
}

TEST(MediaStream, EveryFailureShapePublishesNothingAndIsNotRetried) {
  for (const auto& shape : failure_shapes()) {
    SCOPED_TRACE(shape.name);
    Media m;
    HttpsTestServer server(TestPki::instance().good, shape.responder());
    auto r = m.image(factory_for(server, {.stall = 600ms}), kImageArgs);
    expect_clean_failure(m, r, shape.reason_code);
    EXPECT_EQ(server.requests().size(), 1u) << "exactly one request: nothing is retried";
    EXPECT_EQ(server.connections(), 1);
  }
}

TEST(MediaStream, RedirectsAreNeverFollowed) {
  Media m;
  HttpsTestServer target(TestPki::instance().good, respond(200, "image/png", png_bytes()));
  HttpsTestServer server(TestPki::instance().good,
                         respond(307, "text/plain", "",
                                 "Location: " + target.base_url() + "/v2/sensenova-u1.5/t2i\r\n"));
  auto r = m.image(factory_for(server), kImageArgs);
  expect_clean_failure(m, r, reason::kProviderError);
  EXPECT_EQ(server.requests().size(), 1u);
  EXPECT_EQ(target.connections(), 0) << "the redirect target was contacted";
}

TEST(MediaStream, AVideoToolRefusesAPngBody) {
  Media m;
  HttpsTestServer server(TestPki::instance().good, respond(200, "video/mp4", png_bytes()));
  expect_clean_failure(m, m.video(factory_for(server), kVideoArgs), reason::kProviderResponse);
}

TEST(MediaStream, CertificatesTheClientMustRejectSendNoRequest) {
  for (const auto* identity :
       {&TestPki::instance().untrusted_issuer, &TestPki::instance().wrong_name}) {
    Media m;
    HttpsTestServer server(*identity, respond(200, "image/png", png_bytes()));
    auto r = m.image(factory_for(server), kImageArgs);
    expect_clean_failure(m, r, reason::kProviderUnavailable);
    EXPECT_EQ(server.connections(), 1);
    EXPECT_TRUE(server.requests().empty()) << "the secret was sent to an unverified server";
  }
  // Without the test CA the system trust store cannot vouch for it either.
  Media m;
  HttpsTestServer server(TestPki::instance().good, respond(200, "image/png", png_bytes()));
  expect_clean_failure(m, m.image(factory_for(server, {.trust = std::nullopt}), kImageArgs),
                       reason::kProviderUnavailable);
  EXPECT_TRUE(server.requests().empty());
}

TEST(MediaStream, CancellationClosesTheInFlightResponse) {
  Media m;
  HttpsTestServer server(TestPki::instance().good, stall_after("image/png", 50000, png_bytes(100)));
  auto c = m.store.context();
  std::thread canceller([c] {
    std::this_thread::sleep_for(300ms);
    c->cancelled = true;
  });
  const auto started = std::chrono::steady_clock::now();
  auto r = m.image(factory_for(server, {.stall = 60000ms}), kImageArgs, "1.0.0", c);
  canceller.join();
  expect_clean_failure(m, r, reason::kCancelled);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 20s) << "generous bound";
  EXPECT_EQ(server.requests().size(), 1u);
}

TEST(MediaStream, TheDeadlineEndsAWaitForTheResponseAsAProviderTimeout) {
  Media m;
  HttpsTestServer server(TestPki::instance().good, never_answer());
  auto c = m.store.context(1500ms);
  auto r =
      m.image(factory_for(server, {.stall = 60000ms, .margin = 300ms}), kImageArgs, "1.0.0", c);
  expect_clean_failure(m, r, reason::kProviderTimeout);
  EXPECT_EQ(server.requests().size(), 1u);
}

TEST(MediaStream, NoCredentialMeansNoRequest) {
  Media m;
  m.store.credentials.values.erase("tensorscale");
  HttpsTestServer server(TestPki::instance().good, respond(200, "image/png", png_bytes()));
  expect_clean_failure(m, m.image(factory_for(server), kImageArgs), reason::kProviderUnavailable);
  EXPECT_EQ(server.connections(), 0);
}

}  // namespace
}  // namespace toolhost::media::testing
