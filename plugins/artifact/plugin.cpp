// The artifact plugin: artifact.export 1.0.0 (pinned sessions) and 2.0.0.
#include "artifact_export.hpp"
#include "toolhost_manifest_json.hpp"

#include <toolhost/plugin.hpp>

TOOLHOST_PLUGIN(toolhost_embedded::toolhost_manifest_json,
                {{"artifact.export", "1.0.0", &toolhost::artifact_plugin::export_v1},
                 {"artifact.export", "2.0.0", &toolhost::artifact_plugin::export_v2}})
