// toolhost-plugin-worker: hosts one plugin in its own process and serves
// invoke requests over the frame protocol on fd 3 (a socket pair end the
// host passed in). The host kills and replaces it when the plugin misbehaves.
//
//   toolhost-plugin-worker [--memory-limit BYTES] [--abi MIN MAX] PLUGIN.so
//
// The plugin's own stdout is redirected to stderr: it can never be mistaken
// for protocol, and the protocol socket is not a standard stream.
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <variant>

#include "isolation/frame_channel.hpp"
#include "isolation/invoke_messages.hpp"
#include "isolation/worker_services.hpp"
#include "loader/plugin_call.hpp"
#include "loader/plugin_library.hpp"

namespace {

using namespace toolhost;
using namespace toolhost::isolation;

constexpr int kProtocolFd = 3;

void limit_address_space(uint64_t bytes) {
#if defined(__SANITIZE_ADDRESS__)
  // ASan reserves terabytes of shadow address space up front; an address
  // space limit would stop the worker from starting at all.
  (void)bytes;
#else
  rlimit limit{bytes, bytes};
  ::setrlimit(RLIMIT_AS, &limit);
#endif
}

int serve(const loader::PluginLibrary& plugin) {
  const auto& api = plugin.api();
  th_host_services services = make_worker_services(kProtocolFd);
  while (true) {
    auto in = read_frame(kProtocolFd, std::nullopt);
    if (in.status == ReadStatus::closed) return 0;
    if (in.status != ReadStatus::ok || in.frame.type != MessageType::invoke) return 2;
    auto request = decode_invoke(in.frame.payload);
    if (!request) return 2;
    auto called =
        loader::call_plugin(api,
                            {request->tool_name, request->tool_version, request->arguments_json,
                             request->invocation_id, request->session_id},
                            &services);
    if (!write_frame(kProtocolFd, MessageType::result, encode(called))) return 0;
  }
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t memory_limit = 0;
  uint32_t abi_min = loader::kHostAbiMin, abi_max = loader::kHostAbiMax;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--memory-limit" && i + 1 < argc) {
      memory_limit = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--abi" && i + 2 < argc) {
      abi_min = static_cast<uint32_t>(std::strtoul(argv[++i], nullptr, 10));
      abi_max = static_cast<uint32_t>(std::strtoul(argv[++i], nullptr, 10));
    } else {
      path = arg;
    }
  }
  if (path.empty()) {
    static const char kUsage[] =
        "usage: toolhost-plugin-worker [--memory-limit BYTES] [--abi MIN MAX] PLUGIN.so\n"
        "(started by the host with its protocol socket on fd 3)\n";
    (void)!::write(2, kUsage, sizeof(kUsage) - 1);
    return 64;
  }
  ::dup2(2, 1);
  if (memory_limit > 0) limit_address_space(memory_limit);
  auto opened = loader::PluginLibrary::open(path, abi_min, abi_max);
  if (auto* failure = std::get_if<loader::LoadFailure>(&opened)) {
    write_frame(kProtocolFd, MessageType::load_failed, failure->cause);
    return 1;
  }
  auto plugin = std::get<std::shared_ptr<loader::PluginLibrary>>(opened);
  if (!write_frame(kProtocolFd, MessageType::ready, plugin->manifest())) return 0;
  return serve(*plugin);
}
