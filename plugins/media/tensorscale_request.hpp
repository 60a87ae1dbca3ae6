// The TensorScale request for a typed generation request: the fixed endpoint
// path and the JSON body. Reference bytes become data URIs here and nowhere
// else, so they never appear in tool arguments, events or results.
#pragma once

#include <string>

#include "generation_request.hpp"

namespace toolhost::media {

inline constexpr const char* kTextToImagePath = "/v2/sensenova-u1.5/t2i";
inline constexpr const char* kImageEditPath = "/v2/sensenova-u1.5/edit";
inline constexpr const char* kVideoPath = "/v2/ltx-2.5/fast";

struct ProviderRequest {
  std::string path;
  std::string body_json;
  std::string accept;  // the one media type the response must carry
};

// Text only: t2i with {"prompt","size"[,"seed"]}; with references: edit,
// adding "images": [data URI, ...] in the caller's order.
ProviderRequest tensorscale_image_request(const ImageRequest& request);

// {"prompt","size","duration_seconds"[,"seed"]}, plus "frames": the first
// reference at frame 0 and the second at duration_seconds * 24, each with
// strength 1.
ProviderRequest tensorscale_video_request(const VideoRequest& request);

// "data:<media type>;base64,<bytes>".
std::string data_uri(const ReferenceImage& image);

}  // namespace toolhost::media
