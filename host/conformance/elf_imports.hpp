// The symbols a shared object imports: the undefined entries of its ELF
// dynamic symbol table (what `nm -D --undefined-only` lists), read directly
// so the check needs no binutils at run time.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace toolhost::conformance {

// Sorted, unique; nullopt with `error` set when the file is not a readable ELF64 object.
std::optional<std::vector<std::string>> undefined_dynamic_symbols(const std::string& path,
                                                                  std::string* error);

}  // namespace toolhost::conformance
