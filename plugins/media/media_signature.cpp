#include "media_signature.hpp"

namespace toolhost::media {

SniffedType sniff_media_type(std::string_view head) {
  using namespace std::string_view_literals;
  if (head.starts_with("\x89PNG\r\n\x1a\n"sv)) return SniffedType::png;
  if (head.starts_with("\xff\xd8\xff"sv)) return SniffedType::jpeg;
  if (head.size() >= 12 && head.starts_with("RIFF"sv) && head.substr(8, 4) == "WEBP"sv)
    return SniffedType::webp;
  // ISO base media: a box size, then the "ftyp" box type.
  if (head.size() >= 12 && head.substr(4, 4) == "ftyp"sv) return SniffedType::mp4;
  return SniffedType::unknown;
}

std::string_view media_type_name(SniffedType type) {
  switch (type) {
    case SniffedType::png:
      return "image/png";
    case SniffedType::jpeg:
      return "image/jpeg";
    case SniffedType::webp:
      return "image/webp";
    case SniffedType::mp4:
      return "video/mp4";
    case SniffedType::unknown:
      break;
  }
  return "";
}

}  // namespace toolhost::media
