// Gate 10: the workspace plugin reaches files only through the service
// table. Its sources include no filesystem header and call no open, fopen,
// fstream, std::filesystem or stat; its shared object imports no such
// symbol. The demo plugin, which touches nothing, is held to the same rule.
#include "temp_tree.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>

namespace toolhost::workspace_test {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kPluginFolders = {"workspace", "demo"};

// Headers that are a way to the filesystem, or to a descriptor API.
const std::regex kForbiddenInclude(
    R"(#\s*include\s*[<"](filesystem|fstream|cstdio|stdio\.h|fcntl\.h|unistd\.h|dirent\.h|)"
    R"(sys/stat\.h|sys/types\.h|sys/mman\.h|sys/syscall\.h|linux/openat2\.h|ftw\.h|glob\.h|)"
    R"(boost/filesystem[^>"]*|boost/dll[^>"]*)[>"])");

// Calls and names that reach a file without the service table.
const std::regex kForbiddenCall(
    R"(\b(open|openat|openat2|creat|fopen|freopen|fdopen|opendir|fdopendir|stat|lstat|fstat|)"
    R"(fstatat|statx|access|readlink|realpath|unlink|rename|mkdir|syscall|mmap|dlopen)\s*\()"
    R"(|\b(std::)?(i|o)?fstream\b|std::filesystem|boost::filesystem|\bFILE\s*\*)");

// Dynamic symbols that would mean the same thing in the built object.
const std::set<std::string> kForbiddenSymbols = {
    "open",     "open64",   "openat",    "openat64", "creat",   "fopen",    "fopen64",  "freopen",
    "fdopen",   "opendir",  "fdopendir", "stat",     "stat64",  "lstat",    "lstat64",  "fstat",
    "fstat64",  "fstatat",  "fstatat64", "statx",    "__xstat", "__lxstat", "__fxstat", "access",
    "readlink", "realpath", "unlink",    "rename",   "mkdir",   "syscall",  "mmap",     "read",
    "write",    "pread",    "pread64",   "dlopen"};

std::string strip_comments(const std::string& source) {
  static const std::regex comments(R"(//[^\n]*|/\*[\s\S]*?\*/)");
  return std::regex_replace(source, comments, "");
}

TEST(StructuralGate, RegexesCatchWhatTheyAreFor) {
  // The gate must be able to fail: these lines would each trip it.
  for (const char* line : {"#include <fstream>", "#include <filesystem>",
                           "# include \"sys/stat.h\"", "#include <boost/filesystem/path.hpp>"})
    EXPECT_TRUE(std::regex_search(line, kForbiddenInclude)) << line;
  for (const char* line :
       {"int fd = open(p, 0);", "::open (p, 0)", "fopen(\"x\", \"r\")", "std::ifstream in(p);",
        "std::filesystem::path p;", "stat(p, &s)", "FILE* f", "::fstatat(d, n, &s, 0)"})
    EXPECT_TRUE(std::regex_search(line, kForbiddenCall)) << line;
  for (const char* line :
       {"context.workspace_read(path, on_chunk)", "reopen_later", "statement", "is_open"})
    EXPECT_FALSE(std::regex_search(line, kForbiddenCall)) << line;
}

TEST(StructuralGate, PluginSourcesNameNoFilesystemApi) {
  size_t files = 0;
  for (const auto& folder : kPluginFolders) {
    for (const auto& entry :
         fs::directory_iterator(fs::path(TOOLHOST_SOURCE_DIR) / "plugins" / folder)) {
      const auto extension = entry.path().extension();
      if (extension != ".cpp" && extension != ".hpp" && extension != ".h") continue;
      ++files;
      const std::string source = strip_comments(file_bytes(entry.path()));
      std::smatch match;
      EXPECT_FALSE(std::regex_search(source, match, kForbiddenInclude))
          << entry.path() << ": " << match.str();
      EXPECT_FALSE(std::regex_search(source, match, kForbiddenCall))
          << entry.path() << ": " << match.str();
    }
  }
  EXPECT_GE(files, 10u);
}

std::set<std::string> imported_symbols(const std::string& shared_object) {
  const std::string command = "nm -D --undefined-only --format=posix '" + shared_object + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
  std::set<std::string> symbols;
  if (!pipe) return symbols;
  char line[4096];
  while (std::fgets(line, sizeof line, pipe.get())) {
    std::string name(line);
    name = name.substr(0, name.find(' '));
    symbols.insert(name.substr(0, name.find('@')));  // drop the symbol version
  }
  return symbols;
}

TEST(StructuralGate, BuiltPluginsImportNoFilesystemSymbol) {
  for (const auto& folder : kPluginFolders) {
    const auto symbols =
        imported_symbols(std::string(TOOLHOST_BUILTIN_PLUGIN_DIR) + "/" + folder + ".so");
    ASSERT_FALSE(symbols.empty()) << folder << ": nm produced nothing";
    // A symbol every C++ object imports, proving the parse works.
    EXPECT_TRUE(symbols.contains("memcpy") || symbols.contains("__cxa_finalize")) << folder;
    for (const auto& symbol : symbols)
      EXPECT_FALSE(kForbiddenSymbols.contains(symbol)) << folder << " imports " << symbol;
  }
}

TEST(StructuralGate, TheSymbolCheckSeesAFilesystemImport) {
  // The workspace library itself opens files; the same check must flag it
  // when pointed at an object that does (the test binary links it).
  const auto symbols = imported_symbols("/proc/self/exe");
  bool any = false;
  for (const auto& symbol : symbols) any = any || kForbiddenSymbols.contains(symbol);
  EXPECT_TRUE(any);
}

}  // namespace
}  // namespace toolhost::workspace_test
