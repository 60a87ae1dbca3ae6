#include "mcp/tool_annotations.hpp"

namespace toolhost::mcp {

boost::json::object derive_annotations(const ToolDescriptor& tool) {
  const bool read_only = tool.idempotency == "READ_ONLY";
  const bool writes = tool.side_effect == "WORKSPACE_WRITE" ||
                      tool.side_effect == "EXTERNAL_WRITE" || tool.side_effect == "CODE_EXECUTION";
  boost::json::object annotations;
  if (!tool.title.empty()) annotations["title"] = tool.title;
  annotations["readOnlyHint"] = read_only;
  annotations["destructiveHint"] = !read_only && (writes || tool.risk == "HIGH");
  annotations["idempotentHint"] = read_only || tool.idempotency == "IDEMPOTENT";
  annotations["openWorldHint"] = tool.open_world || tool.side_effect == "EXTERNAL_WRITE";
  return annotations;
}

}  // namespace toolhost::mcp
