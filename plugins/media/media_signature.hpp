// Media types recognised by their leading bytes, never by a name or a
// declared header: generated files must be PNG or MP4, references PNG, JPEG
// or WebP.
#pragma once

#include <cstddef>
#include <string_view>

namespace toolhost::media {

enum class SniffedType { unknown, png, jpeg, webp, mp4 };

// How many leading bytes sniff_media_type needs to decide.
inline constexpr size_t kSignatureBytes = 12;

// The type the first bytes announce; unknown when fewer than needed arrived.
SniffedType sniff_media_type(std::string_view head);
std::string_view media_type_name(SniffedType type);  // "image/png", ...; "" for unknown

}  // namespace toolhost::media
