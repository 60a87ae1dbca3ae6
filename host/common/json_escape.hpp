// JSON string escaping, shared by the MCP answer writer, the JSON writer
// (json_writer.hpp) and the plugins that write their results by hand. Built
// for read_text's result, which carries up to a MiB of file content: escaped
// straight into the output, chunk by chunk while each chunk is still in
// cache, with runs that need no escaping found 16 bytes at a time. The
// output is byte for byte what Boost.JSON's serializer writes (\" \\ \b \t
// \n \f \r, \u00xx for the other control bytes, lowercase hex; everything
// else, including DEL and non-ASCII bytes, unchanged), so a result does not
// depend on which of the two produced it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace toolhost::common {

// Appends `text` escaped, without quotes. Escaping is per byte, so a text
// split anywhere (even inside a UTF-8 sequence) escapes to the same bytes
// piece by piece as whole.
void append_json_escaped(std::string& out, std::string_view text);

// Appends `text` as a JSON string literal: quote, escaped text, quote.
void append_json_string(std::string& out, std::string_view text);

}  // namespace toolhost::common
