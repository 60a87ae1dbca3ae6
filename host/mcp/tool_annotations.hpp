// MCP tool annotations derived from a tool's classification. All four hints
// are always sent explicitly, because the MCP defaults (destructive, open
// world) are the pessimistic ones and absent hints would mislabel safe tools.
//
//   readOnlyHint    idempotency == READ_ONLY
//   destructiveHint side_effect is WORKSPACE_WRITE, EXTERNAL_WRITE or
//                   CODE_EXECUTION, or risk is HIGH (false when read-only)
//   idempotentHint  idempotency is READ_ONLY or IDEMPOTENT
//   openWorldHint   side_effect is EXTERNAL_WRITE, or the tool reaches the
//                   network (ToolDescriptor::open_world)
#pragma once

#include "mcp/backend.hpp"

#include <boost/json.hpp>

namespace toolhost::mcp {

boost::json::object derive_annotations(const ToolDescriptor& tool);

}  // namespace toolhost::mcp
