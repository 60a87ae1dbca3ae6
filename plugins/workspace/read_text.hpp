#pragma once

#include <toolhost/plugin.hpp>

namespace toolhost::workspace_plugin {

// workspace.read_text 1.0.0: the file's text, byte count and checksum. Model
// content is the text itself. Trust is INTERNAL_TOOL only when the handle
// says a tool wrote the file; every other provenance is EXTERNAL_UNTRUSTED.
sdk::Result read_text(const sdk::Call& call, sdk::Context& context);

}  // namespace toolhost::workspace_plugin
