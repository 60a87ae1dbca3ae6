// Typed requests a MediaGenerationProvider serves. Reference bytes travel in
// these structs only as far as the adapter, which alone turns them into data
// URIs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace toolhost::media {

struct ReferenceImage {
  std::string media_type;  // image/png, image/jpeg or image/webp (by signature)
  std::string bytes;
};

struct ImageRequest {
  std::string prompt;
  std::optional<int64_t> seed;
  std::string size;                        // one of the image size enum, e.g. "1024x1024"
  std::vector<ReferenceImage> references;  // ordered; non-empty selects the edit endpoint
};

struct VideoRequest {
  std::string prompt;
  std::optional<int64_t> seed;
  std::string size;  // one of the video size enum, e.g. "1280x768"
  int64_t duration_seconds = 5;
  // Empty, a first frame, or a first and a last frame.
  std::vector<ReferenceImage> references;
};

}  // namespace toolhost::media
