// The `sandbox` builtin plugin: sandbox.run_command over the host's
// sandbox_run service. The sandbox itself (bubblewrap, limits, provenance)
// is host code in host/sandbox/; see docs/sandbox.md.
#include "run_command.hpp"
#include "toolhost_manifest_json.hpp"

TOOLHOST_PLUGIN(toolhost_embedded::toolhost_manifest_json,
                {{"sandbox.run_command", "1.0.0", &toolhost::sandbox_plugin::run_command}})
