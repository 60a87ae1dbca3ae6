#include "tensorscale_request.hpp"

#include <openssl/evp.h>

#include <boost/json.hpp>

#include "media_limits.hpp"

namespace toolhost::media {

namespace json = boost::json;

namespace {

json::object common_fields(const std::string& prompt, const std::optional<int64_t>& seed,
                           const std::string& size) {
  json::object body;
  body["prompt"] = prompt;
  body["size"] = size;
  if (seed) body["seed"] = *seed;
  return body;
}

}  // namespace

std::string data_uri(const ReferenceImage& image) {
  std::string out = "data:" + image.media_type + ";base64,";
  const size_t prefix = out.size();
  // EVP_EncodeBlock writes 4 bytes per 3 input bytes plus a terminating NUL.
  out.resize(prefix + 4 * ((image.bytes.size() + 2) / 3) + 1);
  const int written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data() + prefix),
                                      reinterpret_cast<const unsigned char*>(image.bytes.data()),
                                      static_cast<int>(image.bytes.size()));
  out.resize(prefix + static_cast<size_t>(written < 0 ? 0 : written));
  return out;
}

ProviderRequest tensorscale_image_request(const ImageRequest& request) {
  json::object body = common_fields(request.prompt, request.seed, request.size);
  ProviderRequest out;
  out.accept = "image/png";
  if (request.references.empty()) {
    out.path = kTextToImagePath;
  } else {
    out.path = kImageEditPath;
    json::array images;
    for (const auto& ref : request.references) images.emplace_back(data_uri(ref));
    body["images"] = std::move(images);
  }
  out.body_json = json::serialize(body);
  return out;
}

ProviderRequest tensorscale_video_request(const VideoRequest& request) {
  json::object body = common_fields(request.prompt, request.seed, request.size);
  body["duration_seconds"] = request.duration_seconds;
  if (!request.references.empty()) {
    json::array frames;
    for (size_t i = 0; i < request.references.size(); ++i) {
      const int64_t frame = i == 0 ? 0 : request.duration_seconds * kVideoFramesPerSecond;
      frames.push_back(json::object{
          {"image", data_uri(request.references[i])}, {"frame", frame}, {"strength", 1}});
    }
    body["frames"] = std::move(frames);
  }
  ProviderRequest out;
  out.path = kVideoPath;
  out.accept = "video/mp4";
  out.body_json = json::serialize(body);
  return out;
}

}  // namespace toolhost::media
