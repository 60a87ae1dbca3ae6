// reference_image_ids (1.1.0): resolved by the host in the caller's order,
// bounded while read, checked by signature; every refusal happens before the
// provider is contacted.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "generation_tool.hpp"
#include "https_test_server.hpp"
#include "media_harness.hpp"
#include "reason_codes.hpp"
#include "tensorscale_adapter.hpp"
#include "tensorscale_request.hpp"

namespace toolhost::media::testing {
namespace {

namespace json = boost::json;
using toolhost::sdk::Result;

ProviderFactory factory_for(const HttpsTestServer& server) {
  const std::string url = server.base_url();
  return [url](const toolhost::sdk::Context&, std::string key) {
    auto endpoint = endpoint_from_base_url(url);
    endpoint->trust_anchors_pem = TestPki::instance().trusted_ca_pem;
    return std::unique_ptr<MediaGenerationProvider>(
        std::make_unique<TensorScaleAdapter>(*endpoint, std::move(key)));
  };
}

std::string jpeg_bytes(size_t size = 3000) {
  std::string b("\xff\xd8\xff\xe0\0\x10JFIF\0", 11);
  b.resize(size, 'j');
  return b;
}
std::string webp_bytes(size_t size = 3000) {
  std::string b("RIFF\0\0\0\0WEBPVP8 ", 16);
  b.resize(size, 'w');
  return b;
}

std::string ids_json(const std::vector<std::string>& ids) {
  json::array a;
  for (const auto& id : ids) a.emplace_back(id);
  return json::serialize(a);
}

struct Refs {
  StoreHarness store;

  Result image(const ProviderFactory& f, const std::vector<std::string>& ids) {
    auto c = store.context();
    toolhost::sdk::Context ctx(&c->services);
    const std::string args =
        R"({"prompt":"like these","size":"1024x1024","reference_image_ids":)" + ids_json(ids) + "}";
    return generate_image(
        {"image.generate", "1.1.0", args, c->artifacts.invocation_id, store.session_id}, ctx, f,
        {true});
  }
  Result video(const ProviderFactory& f, const std::vector<std::string>& ids, int duration) {
    auto c = store.context();
    toolhost::sdk::Context ctx(&c->services);
    const std::string args = R"({"prompt":"morph","size":"1280x768","duration_seconds":)" +
                             std::to_string(duration) + R"(,"reference_image_ids":)" +
                             ids_json(ids) + "}";
    return generate_video(
        {"video.generate", "1.1.0", args, c->artifacts.invocation_id, store.session_id}, ctx, f,
        {true});
  }
};

TEST(MediaReferences, ImageReferencesGoInOrderAsDataUrisToTheEditEndpoint) {
  Refs t;
  const std::string first = jpeg_bytes(), second = png_bytes(2000), third = webp_bytes();
  std::vector<std::string> ids{t.store.put_reference(first, "image/jpeg"),
                               t.store.put_reference(second, "image/png"),
                               t.store.put_reference(third, "image/webp")};
  HttpsTestServer server(TestPki::instance().good, respond(200, "image/png", png_bytes()));
  auto r = t.image(factory_for(server), ids);
  ASSERT_TRUE(r.is_ok()) << r.reason_code() << ": " << r.detail();
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].target, "/v2/sensenova-u1.5/edit");
  auto body = json::parse(requests[0].body).as_object();
  ASSERT_EQ(body.at("images").as_array().size(), 3u);
  EXPECT_EQ(body.at("images").at(0).as_string(), data_uri({"image/jpeg", first}));
  EXPECT_EQ(body.at("images").at(1).as_string(), data_uri({"image/png", second}));
  EXPECT_EQ(body.at("images").at(2).as_string(), data_uri({"image/webp", third}));
  // The bytes stay inside the adapter: the result names only the new artifact.
  EXPECT_EQ(r.output_json().find("base64"), std::string::npos);
}

TEST(MediaReferences, VideoReferencesAreFrameZeroAndTheLastFrameWithStrengthOne) {
  Refs t;
  std::vector<std::string> ids{t.store.put_reference(png_bytes(), "image/png"),
                               t.store.put_reference(jpeg_bytes(), "image/jpeg")};
  HttpsTestServer server(TestPki::instance().good, respond(200, "video/mp4", mp4_bytes()));
  auto r = t.video(factory_for(server), ids, 10);
  ASSERT_TRUE(r.is_ok()) << r.reason_code() << ": " << r.detail();
  auto body = json::parse(server.requests().at(0).body).as_object();
  const auto& frames = body.at("frames").as_array();
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_EQ(frames[0].at("frame").as_int64(), 0);
  EXPECT_EQ(frames[1].at("frame").as_int64(), 240);
  EXPECT_EQ(frames[0].at("strength").as_int64(), 1);
  EXPECT_EQ(frames[1].at("strength").as_int64(), 1);
  EXPECT_EQ(frames[1].at("image").as_string(), data_uri({"image/jpeg", jpeg_bytes()}));

  Refs one;
  std::vector<std::string> first{one.store.put_reference(png_bytes(), "image/png")};
  HttpsTestServer server2(TestPki::instance().good, respond(200, "video/mp4", mp4_bytes()));
  ASSERT_TRUE(one.video(factory_for(server2), first, 5).is_ok());
  auto frames2 = json::parse(server2.requests().at(0).body).at("frames").as_array();
  ASSERT_EQ(frames2.size(), 1u);
  EXPECT_EQ(frames2[0].at("frame").as_int64(), 0);
}

TEST(MediaReferences, EveryRefusalHappensBeforeAnyRequest) {
  const size_t MiB = 1024 * 1024;
  struct Case {
    const char* name;
    bool video;
    std::function<std::vector<std::string>(StoreHarness&)> ids;
    std::string_view code;
  };
  const std::vector<Case> cases = {
      {"unknown id", false,
       [](StoreHarness&) {
         return std::vector<std::string>{"art_00000000-0000-4000-8000-000000000123"};
       },
       reason::kReferenceUnavailable},
      {"url", false,
       [](StoreHarness&) { return std::vector<std::string>{"https://example.com/a.png"}; },
       reason::kReferenceUnavailable},
      {"path", false, [](StoreHarness&) { return std::vector<std::string>{"../etc/passwd"}; },
       reason::kReferenceUnavailable},
      {"tool output capture", false,
       [](StoreHarness& s) {
         return std::vector<std::string>{
             s.put_reference(png_bytes(), "image/png", artifacts::Origin::tool_output)};
       },
       reason::kReferenceUnavailable},
      {"another session's artifact", false,
       [](StoreHarness& s) {
         return std::vector<std::string>{s.put_reference(
             png_bytes(), "image/png", artifacts::Origin::workspace_export, s.new_session())};
       },
       reason::kReferenceUnavailable},
      {"gif", false,
       [](StoreHarness& s) {
         return std::vector<std::string>{
             s.put_reference("GIF89a" + std::string(100, 'g'), "image/gif")};
       },
       reason::kReferenceUnsupported},
      {"mismatched signature", false,
       [](StoreHarness& s) {
         return std::vector<std::string>{s.put_reference(jpeg_bytes(), "image/png")};
       },
       reason::kReferenceUnsupported},
      {"image over 20 MiB", false,
       [MiB](StoreHarness& s) {
         return std::vector<std::string>{s.put_reference(png_bytes(20 * MiB + 1), "image/png")};
       },
       reason::kReferenceTooLarge},
      {"images over 64 MiB together", false,
       [MiB](StoreHarness& s) {
         std::vector<std::string> ids;
         for (int i = 0; i < 4; ++i)
           ids.push_back(
               s.put_reference(png_bytes(17 * MiB + static_cast<size_t>(i)), "image/png"));
         return ids;
       },
       reason::kReferenceTooLarge},
      {"nine images", false,
       [](StoreHarness& s) {
         std::vector<std::string> ids;
         for (int i = 0; i < 9; ++i) ids.push_back(s.put_reference(png_bytes(), "image/png"));
         return ids;
       },
       reason::kReferenceTooLarge},
      {"video frame over 10 MiB", true,
       [MiB](StoreHarness& s) {
         return std::vector<std::string>{s.put_reference(png_bytes(10 * MiB + 1), "image/png")};
       },
       reason::kReferenceTooLarge},
      {"three video frames", true,
       [](StoreHarness& s) {
         std::vector<std::string> ids;
         for (int i = 0; i < 3; ++i) ids.push_back(s.put_reference(png_bytes(), "image/png"));
         return ids;
       },
       reason::kReferenceTooLarge},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    Refs t;
    auto ids = c.ids(t.store);
    const int64_t rows_before = t.store.artifact_rows();
    HttpsTestServer server(
        TestPki::instance().good,
        respond(200, c.video ? "video/mp4" : "image/png", c.video ? mp4_bytes() : png_bytes()));
    auto r = c.video ? t.video(factory_for(server), ids, 5) : t.image(factory_for(server), ids);
    EXPECT_FALSE(r.is_ok());
    EXPECT_EQ(r.reason_code(), c.code) << r.detail();
    EXPECT_EQ(server.connections(), 0) << "the provider was contacted";
    EXPECT_EQ(t.store.artifact_rows(), rows_before);
  }
}

}  // namespace
}  // namespace toolhost::media::testing
