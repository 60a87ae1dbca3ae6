#pragma once

#include <toolhost/plugin.hpp>

#include <cstdint>

namespace toolhost::workspace_plugin {

// The listing cap. A constant: a limit the model sets is a limit it raises.
inline constexpr uint32_t kMaxListedEntries = 1000;

// workspace.list_files 1.0.0. Model content is one line per entry, the path
// as a JSON string (so a name holding a newline cannot forge a line):
//   "notes/a.md" (file, 12 bytes)
//   "notes" (directory)
// then "(truncated after 1000 entries)" when truncated, or "(no entries)"
// for an empty listing. Trust is INTERNAL_TOOL only when every entry is
// TOOL_WRITTEN; an empty listing names nothing from the workspace and keeps
// INTERNAL_TOOL.
sdk::Result list_files(const sdk::Call& call, sdk::Context& context);

}  // namespace toolhost::workspace_plugin
