// The pure pieces of the media plugin: signatures, response checks, the
// streaming validator, endpoint parsing, artifact id shape, request bodies.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "https_test_server.hpp"
#include "media_limits.hpp"
#include "media_signature.hpp"
#include "reference_loader.hpp"
#include "response_checks.hpp"
#include "tensorscale_endpoint.hpp"
#include "tensorscale_request.hpp"

namespace toolhost::media {
namespace {

namespace json = boost::json;
using testing::mp4_bytes;
using testing::png_bytes;

TEST(MediaSignature, RecognisesEachTypeByItsLeadingBytes) {
  EXPECT_EQ(sniff_media_type(png_bytes(64)), SniffedType::png);
  EXPECT_EQ(sniff_media_type(mp4_bytes(64)), SniffedType::mp4);
  EXPECT_EQ(sniff_media_type(std::string("\xff\xd8\xff\xdb", 4)), SniffedType::jpeg);
  EXPECT_EQ(sniff_media_type("RIFF\x10\0\0\0WEBPVP8 "), SniffedType::unknown)
      << "NUL ends the literal";
  EXPECT_EQ(sniff_media_type(std::string("RIFF\x10\0\0\0WEBPVP8 ", 16)), SniffedType::webp);
  EXPECT_EQ(sniff_media_type(std::string("RIFF\x10\0\0\0WAVEfmt ", 16)), SniffedType::unknown);
  EXPECT_EQ(sniff_media_type("GIF89a......"), SniffedType::unknown);
  EXPECT_EQ(sniff_media_type("\x89PN"), SniffedType::unknown);
}

TEST(MediaResponseChecks, StatusClasses) {
  EXPECT_TRUE(check_status(200).ok());
  EXPECT_EQ(check_status(201).error, GenerationError::provider_error);
  EXPECT_EQ(check_status(301).error, GenerationError::provider_error);
  EXPECT_EQ(check_status(308).error, GenerationError::provider_error);
  EXPECT_EQ(check_status(400).error, GenerationError::rejected);
  EXPECT_EQ(check_status(429).error, GenerationError::rejected);
  EXPECT_EQ(check_status(500).error, GenerationError::provider_error);
}

TEST(MediaResponseChecks, ContentTypeIgnoresParametersCaseAndBlanks) {
  EXPECT_TRUE(content_type_matches("image/png", "image/png"));
  EXPECT_TRUE(content_type_matches(" Image/PNG ; charset=binary", "image/png"));
  EXPECT_FALSE(content_type_matches("image/pngx", "image/png"));
  EXPECT_FALSE(content_type_matches("", "image/png"));
  EXPECT_FALSE(content_type_matches("text/html", "video/mp4"));
}

TEST(MediaStreamValidator, HoldsBytesBackUntilTheSignatureIsKnown) {
  std::string received;
  ByteSink sink = [&](std::string_view b) {
    received.append(b);
    return true;
  };
  StreamValidator v(SniffedType::png, 100, sink);
  const std::string png = png_bytes(40);
  ASSERT_TRUE(v.feed(png.substr(0, 5)).ok());
  EXPECT_TRUE(received.empty());
  ASSERT_TRUE(v.feed(png.substr(5)).ok());
  EXPECT_EQ(received, png);
  EXPECT_TRUE(v.finish().ok());
}

TEST(MediaStreamValidator, RefusesWrongSignatureOversizeEmptyAndShortBodies) {
  ByteSink sink = [](std::string_view) { return true; };
  {
    StreamValidator v(SniffedType::png, 100, sink);
    EXPECT_EQ(v.feed(mp4_bytes(20)).error, GenerationError::invalid_response);
  }
  {
    StreamValidator v(SniffedType::png, 30, sink);
    EXPECT_TRUE(v.feed(png_bytes(30)).ok()) << "exactly the cap is allowed";
    EXPECT_EQ(v.feed("x").error, GenerationError::too_large);
  }
  {
    StreamValidator v(SniffedType::mp4, 100, sink);
    EXPECT_EQ(v.finish().error, GenerationError::invalid_response);
  }
  {
    StreamValidator v(SniffedType::png, 100, sink);
    EXPECT_TRUE(v.feed("\x89PNG").ok());
    EXPECT_EQ(v.finish().error, GenerationError::invalid_response);
  }
  {
    ByteSink refusing = [](std::string_view) { return false; };
    StreamValidator v(SniffedType::png, 100, refusing);
    EXPECT_EQ(v.feed(png_bytes(20)).error, GenerationError::sink_refused);
  }
}

TEST(MediaEndpoint, OnlyABareHttpsOriginIsAccepted) {
  auto e = endpoint_from_base_url("https://127.0.0.1:8443");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->host, "127.0.0.1");
  EXPECT_EQ(e->port, "8443");
  EXPECT_EQ(endpoint_from_base_url("https://example.test/")->port, "443");
  EXPECT_FALSE(endpoint_from_base_url("http://127.0.0.1:8080"));
  EXPECT_FALSE(endpoint_from_base_url("https://user:pw@example.test"));
  EXPECT_FALSE(endpoint_from_base_url("https://example.test/v2"));
  EXPECT_FALSE(endpoint_from_base_url("https://example.test:99999x"));
  EXPECT_FALSE(endpoint_from_base_url("https://"));
  EXPECT_EQ(production_endpoint().host, kTensorScaleHost);
  EXPECT_FALSE(production_endpoint().trust_anchors_pem) << "production trusts the system store";
}

TEST(MediaReferences, ArtifactIdShape) {
  EXPECT_TRUE(looks_like_artifact_id("art_0f0e0d0c-0b0a-4000-8000-000000000001"));
  EXPECT_FALSE(looks_like_artifact_id("art_0F0E0D0C-0B0A-4000-8000-000000000001"));
  EXPECT_FALSE(looks_like_artifact_id("https://example.com/a.png"));
  EXPECT_FALSE(looks_like_artifact_id("art_../../etc/passwd"));
  EXPECT_FALSE(looks_like_artifact_id(""));
}

TEST(MediaRequest, TextOnlyImageUsesT2iAndReferencesUseEdit) {
  ImageRequest text{"p", std::nullopt, "2048x2048", {}};
  auto r = tensorscale_image_request(text);
  EXPECT_EQ(r.path, "/v2/sensenova-u1.5/t2i");
  EXPECT_EQ(json::parse(r.body_json), json::parse(R"({"prompt":"p","size":"2048x2048"})"));
  text.references.push_back({"image/png", "abc"});
  r = tensorscale_image_request(text);
  EXPECT_EQ(r.path, "/v2/sensenova-u1.5/edit");
  EXPECT_EQ(json::parse(r.body_json).at("images").at(0).as_string(), "data:image/png;base64,YWJj");
}

TEST(MediaRequest, VideoFramesSitAtZeroAndDurationTimesTwentyFour) {
  VideoRequest v{"p", 42, "576x1024", 5, {{"image/png", "a"}, {"image/jpeg", "bc"}}};
  auto body = json::parse(tensorscale_video_request(v).body_json).as_object();
  EXPECT_EQ(body.at("seed").as_int64(), 42);
  EXPECT_EQ(body.at("duration_seconds").as_int64(), 5);
  EXPECT_EQ(body.at("frames"), json::parse(R"([
      {"image":"data:image/png;base64,YQ==","frame":0,"strength":1},
      {"image":"data:image/jpeg;base64,YmM=","frame":120,"strength":1}])"));
  EXPECT_EQ(tensorscale_video_request(v).path, "/v2/ltx-2.5/fast");
}

TEST(MediaLimits, AreTheVersionedBounds) {
  EXPECT_EQ(kMaxImageBytes, 32u * 1024 * 1024);
  EXPECT_EQ(kMaxVideoBytes, 256u * 1024 * 1024);
  EXPECT_EQ(kMaxImageReferences, 8u);
  EXPECT_EQ(kMaxImageReferenceBytes, 20u * 1024 * 1024);
  EXPECT_EQ(kMaxImageReferencesTotalBytes, 64u * 1024 * 1024);
  EXPECT_EQ(kMaxVideoReferenceBytes, 10u * 1024 * 1024);
}

}  // namespace
}  // namespace toolhost::media
