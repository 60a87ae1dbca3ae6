// Ambient state: a plugin reads time, environment, files and sockets only
// through the host's service table. Its dynamic imports show whether it
// could do otherwise. Clock and environment imports are never allowed; raw
// file and socket imports are allowed only when every tool's classification
// says it acts outside the host's workspace (side_effect EXTERNAL_WRITE or
// CODE_EXECUTION, or target_kind sandbox / remote / device).
#include <set>

#include "conformance/checks.hpp"
#include "conformance/elf_imports.hpp"

namespace toolhost::conformance {

namespace {

const std::set<std::string> kClockOrEnvironment = {
    "time",
    "gettimeofday",
    "clock_gettime",
    "__clock_gettime64",
    "timespec_get",
    "ftime",
    "clock",
    "localtime",
    "localtime_r",
    "gmtime",
    "mktime",
    "tzset",
    "timelocal",
    "_ZNSt6chrono3_V212system_clock3nowEv",  // std::chrono::system_clock::now()
    "getenv",
    "secure_getenv",
    "environ",
    "__environ",
    "_environ",
    "setenv",
    "putenv"};

const std::set<std::string> kFilesOrSockets = {
    "open",    "open64",  "openat",  "openat64",    "creat",         "creat64", "fopen",
    "fopen64", "freopen", "opendir", "fdopendir",   "unlink",        "rename",  "mkdir",
    "stat",    "stat64",  "lstat",   "socket",      "socketpair",    "connect", "bind",
    "listen",  "accept",  "accept4", "getaddrinfo", "gethostbyname", "dlopen"};

bool may_touch_outside(const std::vector<registry::Candidate>& candidates) {
  if (candidates.empty()) return false;
  for (const auto& c : candidates) {
    const auto* o = c.spec.if_object();
    auto field = [&](const char* k) {
      const auto* v = o ? o->if_contains(k) : nullptr;
      return (v && v->is_string()) ? std::string(v->as_string()) : std::string();
    };
    auto side = field("side_effect"), target = field("target_kind");
    bool outside = side == "EXTERNAL_WRITE" || side == "CODE_EXECUTION" || target == "sandbox" ||
                   target == "remote" || target == "device";
    if (!outside) return false;
  }
  return true;
}

}  // namespace

CheckResult check_ambient_imports(const SuiteOptions& options) {
  std::string error;
  auto imports = undefined_dynamic_symbols(options.plugin_path, &error);
  if (!imports) return fail(error);
  auto opened = loader::PluginLibrary::open(options.plugin_path);
  bool outside = false;
  if (auto* lib = std::get_if<std::shared_ptr<loader::PluginLibrary>>(&opened)) {
    tables::PartitionTable partition = tables::PartitionTable::builtin();
    std::string manifest_error;
    outside = may_touch_outside(
        candidates_of((*lib)->manifest(), options.plugin_path, partition, &manifest_error));
  }
  std::string found;
  for (const auto& name : *imports) {
    bool bad = kClockOrEnvironment.count(name) > 0 || (!outside && kFilesOrSockets.count(name) > 0);
    if (bad) found += (found.empty() ? "" : ", ") + name;
  }
  if (!found.empty())
    return fail("imports " + found +
                (outside ? "" : " (no tool's classification allows file or socket access)"));
  return pass(std::to_string(imports->size()) + " imports, none ambient" +
              (outside ? " (files and sockets allowed by classification)" : ""));
}

}  // namespace toolhost::conformance
