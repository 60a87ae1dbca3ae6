// Resolves a 1.1.0 call's reference_image_ids, in order, through the host's
// artifact_resolve service, which checks session, run, expiry and origin and
// verifies checksums. Here: the id shape, the count, each read's bound and
// the aggregate (enforced while the host streams, not after), and the
// PNG/JPEG/WebP signature against the declared media type. Every failure
// happens before any provider request.
#pragma once

#include <toolhost/plugin.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "generation_request.hpp"

namespace toolhost::media {

struct ReferenceLimits {
  size_t max_count = 0;
  uint64_t max_each_bytes = 0;
  uint64_t max_total_bytes = 0;
};

struct ReferenceLoad {
  std::vector<ReferenceImage> images;
  std::string reason_code;  // empty on success
  std::string detail;
  bool ok() const { return reason_code.empty(); }
};

// An artifact id as the store issues them: "art_" + a lowercase UUID.
bool looks_like_artifact_id(std::string_view id);

ReferenceLoad load_references(const std::vector<std::string>& ids, const ReferenceLimits& limits,
                              const toolhost::sdk::Context& ctx);

}  // namespace toolhost::media
