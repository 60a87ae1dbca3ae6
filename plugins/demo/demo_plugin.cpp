// The `demo` builtin plugin: demo.external_write, the approvals fixture.
#include "external_write.hpp"
#include "toolhost_manifest_json.hpp"

TOOLHOST_PLUGIN(toolhost_embedded::toolhost_manifest_json,
                {{"demo.external_write", "1.0.0", &toolhost::demo_plugin::external_write}})
