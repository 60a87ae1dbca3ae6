// How toolhost names appear to MCP clients. MCP allows dots, but many model
// APIs accept only ^[a-zA-Z0-9_-]{1,64}$, so an option maps each dot to an
// underscore (math.calculate <-> math_calculate). The reverse direction goes
// through the session's catalog, never by rewriting underscores back, because
// toolhost names may themselves hold underscores (system.current_time).
#pragma once

#include <string>
#include <string_view>

namespace toolhost::mcp {

std::string exposed_tool_name(std::string_view toolhost_name, bool map_names);

// ^[a-zA-Z0-9_-]{1,64}$: what function-calling model APIs accept.
bool is_portable_tool_name(std::string_view name);

}  // namespace toolhost::mcp
