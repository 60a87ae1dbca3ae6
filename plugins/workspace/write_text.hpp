#pragma once

#include <toolhost/plugin.hpp>

namespace toolhost::workspace_plugin {

// workspace.write_text 1.0.0: writes the content's UTF-8 bytes exactly (no
// BOM, no newline translation, nothing appended). Content holding U+0000 is
// refused as not_text, so whatever this tool writes read_text can read back.
// Model content is the structured result as compact JSON.
sdk::Result write_text(const sdk::Call& call, sdk::Context& context);

}  // namespace toolhost::workspace_plugin
