// The media type an exported file is labelled with, from its name alone: the
// plugin never sniffs content, so the label is a function of the request.
#pragma once

#include <string>
#include <string_view>

namespace toolhost::artifact_plugin {

// e.g. "report.md" -> "text/markdown", unknown -> "application/octet-stream".
std::string media_type_for_name(std::string_view name);
// The same, but for text the model wrote: never a binary type.
std::string text_media_type_for_name(std::string_view name);

}  // namespace toolhost::artifact_plugin
