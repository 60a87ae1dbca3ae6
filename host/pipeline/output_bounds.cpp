#include "pipeline/output_bounds.hpp"

#include <boost/json.hpp>

namespace toolhost::pipeline {

namespace json = boost::json;

size_t utf8_floor(std::string_view text, size_t pos) {
  if (pos >= text.size()) return text.size();
  // Step back over continuation bytes (10xxxxxx) to the start of the sequence.
  while (pos > 0 && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80) --pos;
  return pos;
}

std::string elision_marker(size_t elided_bytes, std::string_view artifact_id) {
  return "\n[... " + std::to_string(elided_bytes) + " bytes elided; full output in artifact " +
         std::string(artifact_id) + " ...]\n";
}

std::string excerpt_head_and_tail(std::string_view text, size_t limit, std::string_view marker) {
  if (text.size() <= limit) return std::string(text);
  if (limit <= marker.size()) return std::string(text.substr(0, utf8_floor(text, limit)));
  size_t room = limit - marker.size();
  size_t head = utf8_floor(text, room - room / 2);
  // The tail starts on a sequence boundary at or after size - room/2.
  size_t tail_start = text.size() - room / 2;
  while (tail_start < text.size() && (static_cast<unsigned char>(text[tail_start]) & 0xC0) == 0x80)
    ++tail_start;
  std::string out;
  out.reserve(limit);
  out.append(text.substr(0, head));
  out.append(marker);
  out.append(text.substr(tail_start));
  return out;
}

namespace {
json::string* longest_string(json::value& v) {
  json::string* best = nullptr;
  auto consider = [&](json::string* s) {
    if (s && (!best || s->size() > best->size())) best = s;
  };
  if (auto* s = v.if_string()) return s;
  if (auto* o = v.if_object()) {
    for (auto& [k, x] : *o) consider(longest_string(x));
  } else if (auto* a = v.if_array()) {
    for (auto& x : *a) consider(longest_string(x));
  }
  return best;
}
}  // namespace

bool bound_json_strings(json::value& value, size_t limit, std::string_view artifact_id) {
  for (int round = 0; round < 64; ++round) {
    size_t size = json::serialize(value).size();
    if (size <= limit) return true;
    json::string* s = longest_string(value);
    if (!s || s->size() < 64) return false;
    size_t excess = size - limit;
    std::string marker = elision_marker(excess, artifact_id);
    // Escaping can make the serialized form larger than the raw bytes; aim a
    // little lower than strictly needed and loop.
    size_t target =
        s->size() > excess + marker.size() + 16 ? s->size() - excess - marker.size() - 16 : 0;
    *s = excerpt_head_and_tail(std::string_view(s->data(), s->size()), target + marker.size(),
                               marker);
  }
  return json::serialize(value).size() <= limit;
}

}  // namespace toolhost::pipeline
