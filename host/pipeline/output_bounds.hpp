// Output bounding: text over a tool's max_output_bytes keeps its head and
// tail around an elision marker, never splitting a UTF-8 sequence.
#pragma once

#include <boost/json/fwd.hpp>
#include <cstddef>
#include <string>
#include <string_view>

namespace toolhost::pipeline {

// The largest index <= pos that does not fall inside a UTF-8 sequence.
size_t utf8_floor(std::string_view text, size_t pos);

// `text` cut to at most `limit` bytes: head + marker + tail. When `limit`
// cannot hold the marker, the head alone. Returns `text` unchanged when it fits.
std::string excerpt_head_and_tail(std::string_view text, size_t limit, std::string_view marker);

// The marker placed between head and tail.
std::string elision_marker(size_t elided_bytes, std::string_view artifact_id);

// Shrinks the longest string values of `value` until its serialized size is
// at most `limit` bytes, each with an elision marker. Returns false when even
// that cannot reach the limit (the structure itself is too large).
bool bound_json_strings(boost::json::value& value, size_t limit, std::string_view artifact_id);

}  // namespace toolhost::pipeline
