// The `workspace` builtin plugin: three text tools over the host's workspace
// handle. No source here names a filesystem API; every byte arrives through
// the service table (asserted by tests/workspace/structural_gate_test).
#include "list_files.hpp"
#include "read_text.hpp"
#include "toolhost_manifest_json.hpp"
#include "write_text.hpp"

TOOLHOST_PLUGIN(toolhost_embedded::toolhost_manifest_json,
                {{"workspace.read_text", "1.0.0", &toolhost::workspace_plugin::read_text},
                 {"workspace.write_text", "1.0.0", &toolhost::workspace_plugin::write_text},
                 {"workspace.list_files", "1.0.0", &toolhost::workspace_plugin::list_files}})
