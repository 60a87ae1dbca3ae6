// The versioned capability bounds of image.generate and video.generate
// (ADR-0140). They belong to the tool versions, not to runtime tuning: a
// change here is a change of contract.
#pragma once

#include <cstddef>
#include <cstdint>

namespace toolhost::media {

inline constexpr uint64_t kMiB = 1024ull * 1024ull;

// Generated streams, enforced while streaming (below the artifact store's own
// 512 MiB ceiling).
inline constexpr uint64_t kMaxImageBytes = 32 * kMiB;
inline constexpr uint64_t kMaxVideoBytes = 256 * kMiB;

// Reference images (1.1.0).
inline constexpr size_t kMaxImageReferences = 8;
inline constexpr uint64_t kMaxImageReferenceBytes = 20 * kMiB;
inline constexpr uint64_t kMaxImageReferencesTotalBytes = 64 * kMiB;
inline constexpr size_t kMaxVideoReferences = 2;
inline constexpr uint64_t kMaxVideoReferenceBytes = 10 * kMiB;
inline constexpr uint64_t kMaxVideoReferencesTotalBytes =
    kMaxVideoReferences * kMaxVideoReferenceBytes;

// LTX-2.5 conditions on frame indices; the last reference frame sits at
// duration_seconds * 24.
inline constexpr int64_t kVideoFramesPerSecond = 24;

}  // namespace toolhost::media
