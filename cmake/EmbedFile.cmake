# Script mode: writes OUT as a C++ header holding the bytes of IN.
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" len)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," body "${hex}")
file(WRITE ${OUT} "// Generated from ${IN}; do not edit.\n#pragma once\n#include <string_view>\n"
  "namespace toolhost_embedded { inline constexpr char ${VAR}_bytes[] = {${body} '\\0'};\n"
  "inline constexpr std::string_view ${VAR}{${VAR}_bytes, sizeof(${VAR}_bytes) - 1}; }\n")
