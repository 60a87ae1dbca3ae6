// Turns captured process bytes into text a JSON string and a model can carry.
//
// A command's output is arbitrary bytes. JSON strings must be UTF-8, and a
// NUL byte is valid UTF-8 that several stores and readers truncate at, so
// both are made visible instead of silently dropped: each NUL byte and each
// ill-formed sequence becomes U+FFFD, one per maximal subpart (the practice
// Unicode 15 section 3.9 recommends and ICU and WHATWG follow).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace toolhost::sandbox {

inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

// `bytes` with every NUL byte and every ill-formed sequence replaced by U+FFFD.
std::string sanitize_utf8(std::string_view bytes);

// The length of the longest prefix of `bytes` that does not end inside a
// multi-byte sequence, so cutting there never splits a character.
size_t complete_prefix_length(std::string_view bytes);

// How many leading bytes of `bytes` are continuation bytes (at most three):
// the remains of a character whose first bytes were cut away.
size_t orphan_continuation_length(std::string_view bytes);

}  // namespace toolhost::sandbox
