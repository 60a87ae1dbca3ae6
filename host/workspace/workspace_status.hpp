// Outcome of a workspace operation. The values are the ABI's service status
// codes so the service table can hand them to a plugin unchanged.
#pragma once

#include <toolhost/plugin.h>

#include <cstdint>

namespace toolhost::workspace {

enum class WorkspaceStatus : int32_t {
  ok = TH_SERVICE_OK,
  no_such_path = TH_SERVICE_NO_SUCH_PATH,
  not_a_file = TH_SERVICE_NOT_A_FILE,
  not_a_directory = TH_SERVICE_NOT_A_DIRECTORY,
  // The path is refused: lexically, or because resolving it would leave the
  // root or cross a symbolic link.
  escape = TH_SERVICE_ESCAPE,
  io_error = TH_SERVICE_IO_ERROR,
  // A chunk callback asked to stop reading.
  stopped = TH_SERVICE_STOPPED,
};

inline int32_t to_service_status(WorkspaceStatus s) {
  return static_cast<int32_t>(s);
}

// Who produced the bytes at a path, as far as the workspace knows. Values are
// the ABI's th_provenance.
enum class Provenance : int32_t {
  unknown = TH_PROVENANCE_UNKNOWN,
  tool_written = TH_PROVENANCE_TOOL_WRITTEN,
  sandbox_written = TH_PROVENANCE_SANDBOX_WRITTEN,
};

}  // namespace toolhost::workspace
