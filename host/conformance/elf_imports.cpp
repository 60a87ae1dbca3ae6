#include "conformance/elf_imports.hpp"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace toolhost::conformance {

namespace {

template <typename T>
bool read_at(const std::string& bytes, uint64_t offset, T& out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(&out, bytes.data() + offset, sizeof(T));
  return true;
}

}  // namespace

std::optional<std::vector<std::string>> undefined_dynamic_symbols(const std::string& path,
                                                                  std::string* error) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Elf64_Ehdr eh{};
  if (!read_at(bytes, 0, eh) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB) {
    *error = "not a little-endian ELF64 object";
    return std::nullopt;
  }
  std::vector<std::string> names;
  for (uint16_t i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh{};
    if (!read_at(bytes, eh.e_shoff + uint64_t(i) * eh.e_shentsize, sh)) break;
    if (sh.sh_type != SHT_DYNSYM || sh.sh_entsize == 0) continue;
    Elf64_Shdr strtab{};
    if (!read_at(bytes, eh.e_shoff + uint64_t(sh.sh_link) * eh.e_shentsize, strtab)) break;
    for (uint64_t off = sh.sh_offset; off + sh.sh_entsize <= sh.sh_offset + sh.sh_size;
         off += sh.sh_entsize) {
      Elf64_Sym sym{};
      if (!read_at(bytes, off, sym)) break;
      if (sym.st_shndx != SHN_UNDEF || sym.st_name == 0) continue;
      uint64_t at = strtab.sh_offset + sym.st_name;
      if (at >= bytes.size()) continue;
      const char* start = bytes.data() + at;
      names.emplace_back(start, strnlen(start, bytes.size() - at));
    }
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace toolhost::conformance
