// Reads a plugin's manifest ({"tools": [ToolSpec, ...]}) into registration
// candidates.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "registry/registration.hpp"

namespace toolhost::loader {

// Appends one candidate per declared tool; returns an error when the manifest
// is not valid JSON or not of the expected shape. When `third_party` is set,
// a declared source of BUILTIN becomes PLUGIN: only the builtin plugin
// directory may introduce builtins.
std::optional<std::string> read_manifest(std::string_view manifest_json, const std::string& origin,
                                         bool third_party,
                                         std::vector<registry::Candidate>& out);

}  // namespace toolhost::loader
