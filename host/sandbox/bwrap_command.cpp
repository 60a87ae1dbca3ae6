#include "sandbox/bwrap_command.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <initializer_list>

namespace toolhost::sandbox {

namespace {

// The command's whole environment: nothing of the host's is inherited, so no
// credential, token or socket path can reach it. HOME and TMPDIR point at the
// private /tmp, which disappears with the sandbox.
constexpr std::array<std::array<const char*, 2>, 4> kEnvironment{{
    {"PATH", "/usr/local/bin:/usr/bin:/bin"},
    {"LANG", "C.UTF-8"},
    {"HOME", "/tmp/home"},
    {"TMPDIR", "/tmp"},
}};

// Top-level system directories: bound read-only when they are directories,
// recreated as the same link when they are symbolic links (merged /usr).
constexpr std::array<const char*, 6> kSystemDirectories{"/bin",   "/sbin",  "/lib",
                                                        "/lib32", "/lib64", "/libx32"};

// The part of /etc the dynamic loader and Debian's alternatives need. Not
// passwd, hosts, resolv.conf or anything with host identity or secrets.
constexpr std::array<const char*, 4> kEtcEntries{"/etc/ld.so.cache", "/etc/ld.so.conf",
                                                 "/etc/ld.so.conf.d", "/etc/alternatives"};

void add(std::vector<std::string>& argv, std::initializer_list<std::string> items) {
  argv.insert(argv.end(), items);
}

}  // namespace

std::vector<std::string> bwrap_argv(const SandboxConfig& config, const std::string& workspace_root,
                                    const std::string& command) {
  std::vector<std::string> argv{config.bwrap_path};
  // New user, pid, net, ipc, uts and cgroup namespaces; --unshare-user makes
  // the user namespace mandatory instead of best effort. A new net namespace
  // holds only its own loopback: no host network, no host loopback service.
  add(argv, {"--unshare-all", "--unshare-user"});
  add(argv,
      {"--uid", std::to_string(config.sandbox_uid), "--gid", std::to_string(config.sandbox_gid)});
  // No capabilities inside, even in the sandbox's own user namespace, so
  // nothing can remount, mount over /workspace or change identity.
  add(argv, {"--cap-drop", "ALL"});
  // When we die or kill bubblewrap, the whole tree goes with it; a new
  // session keeps the command away from any controlling terminal (TIOCSTI).
  add(argv, {"--die-with-parent", "--new-session", "--hostname", "sandbox"});

  add(argv, {"--ro-bind", "/usr", "/usr"});
  for (const char* dir : kSystemDirectories) {
    struct stat st {};
    if (::lstat(dir, &st) != 0) continue;
    if (S_ISLNK(st.st_mode)) {
      std::string target(4096, '\0');
      ssize_t n = ::readlink(dir, target.data(), target.size());
      if (n <= 0 || static_cast<size_t>(n) >= target.size()) continue;
      target.resize(static_cast<size_t>(n));
      add(argv, {"--symlink", target, dir});
    } else if (S_ISDIR(st.st_mode)) {
      add(argv, {"--ro-bind", dir, dir});
    }
  }
  add(argv, {"--dir", "/etc"});
  for (const char* entry : kEtcEntries) add(argv, {"--ro-bind-try", entry, entry});

  add(argv, {"--proc", "/proc", "--dev", "/dev"});
  add(argv, {"--tmpfs", "/tmp", "--dir", "/tmp/home"});
  add(argv, {"--bind", workspace_root, kSandboxWorkspace, "--chdir", kSandboxWorkspace});
  // The root itself (the directories made above) becomes read-only; /tmp
  // and /workspace are their own mounts and stay writable.
  add(argv, {"--remount-ro", "/"});

  argv.emplace_back("--clearenv");
  for (const auto& [name, value] : kEnvironment) add(argv, {"--setenv", name, value});
  add(argv, {"--json-status-fd", std::to_string(kStatusFd)});
  add(argv, {"--", "/bin/sh", "-c", command});
  return argv;
}

std::vector<std::string> bwrap_environment() {
  return {"PATH=/usr/bin:/bin", "LANG=C.UTF-8"};
}

}  // namespace toolhost::sandbox
