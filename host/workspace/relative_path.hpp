// The lexical half of containment: which path strings the workspace accepts
// at all, decided before any system call.
#pragma once

#include "workspace/workspace_status.hpp"

#include <string_view>

namespace toolhost::workspace {

// A workspace path is canonical or refused, never normalized:
//  - relative (no leading '/'), no NUL, no backslash, valid UTF-8;
//  - segments separated by exactly one '/', none empty (so no "a//b" and no
//    trailing slash), none "." or "..".
// The empty string names the workspace root. Refusals are `escape`, the one
// failure every tool reports for a path it may not use. An accepted-looking
// path of PATH_MAX bytes or more is `no_such_path`: nothing can exist there.
WorkspaceStatus check_relative_path(std::string_view path);

// True when `name` could appear as one segment of an accepted path; used to
// keep a listing to entries that a later call could name.
bool is_addressable_name(std::string_view name);

}  // namespace toolhost::workspace
