// The bare file name rule of artifact.export 2.0.0's `name`.
#pragma once

#include <string_view>

namespace toolhost::artifact_plugin {

inline constexpr std::string_view kDefaultTextExportName = "export.txt";
inline constexpr size_t kMaxFileNameBytes = 255;

// A bare name: 1..255 bytes, not "." or "..", no '/', '\\' or NUL.
bool is_bare_file_name(std::string_view name);

// The last segment of a workspace path ("docs/a.md" -> "a.md"), ignoring
// trailing slashes; empty when there is none.
std::string_view last_path_segment(std::string_view path);

}  // namespace toolhost::artifact_plugin
