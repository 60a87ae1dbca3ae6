// The workspace members of th_host_services (workspace_read, workspace_write,
// workspace_list, workspace_provenance), served by a WorkspaceHandle.
//
// Per-call state is a WorkspaceCallContext the caller owns for the duration
// of one invoke. Because th_host_services has a single `void* host` for every
// service, the functions find their context through a resolver the caller
// supplies at compile time:
//
//   struct CallServices { WorkspaceCallContext workspace; /* clock, ... */ };
//   WorkspaceCallContext* workspace_of(void* host) {
//     return &static_cast<CallServices*>(host)->workspace;
//   }
//   th_host_services services{...};
//   services.host = &call_services;
//   bind_workspace_services<&workspace_of>(services);
//
// When the workspace is the only service, the one-argument overload points
// `host` at the context itself.
//
// Escapes: whenever the handle refuses a path as an escape, the context
// remembers it. The pipeline then reports the call as INVALID_ARGUMENTS
// `tool.invalid_arguments.path_outside_workspace` whatever the plugin
// returned, so all three tools fail a bad path the same way.
#pragma once

#include "workspace/workspace_handle.hpp"

#include <toolhost/plugin.h>

namespace toolhost::workspace {

struct WorkspaceCallContext {
  // Null when the call is not granted a workspace: every service then
  // answers TH_SERVICE_UNAVAILABLE.
  WorkspaceHandle* handle = nullptr;
  // Set by the services when the handle refused a path as an escape.
  bool escape_seen = false;

  bool escaped() const { return escape_seen; }
};

// The service bodies; `context` may be null (UNAVAILABLE). None throws.
namespace services {
int32_t read(WorkspaceCallContext* context, th_str path, th_sink out, uint64_t* size) noexcept;
int32_t write(WorkspaceCallContext* context, th_str path, th_str content,
              th_write_outcome* outcome) noexcept;
// Emits a JSON array of {"path","kind","byte_count"} with at most
// `max_entries` elements; a caller detects truncation by asking for one more
// than it will show.
int32_t list(WorkspaceCallContext* context, th_str path, int32_t recursive, uint32_t max_entries,
             th_sink out_json) noexcept;
int32_t provenance(WorkspaceCallContext* context, th_str path, int32_t* provenance) noexcept;
}  // namespace services

template <WorkspaceCallContext* (*ContextOf)(void* host)>
void bind_workspace_services(th_host_services& table) {
  table.workspace_read = [](void* host, th_str path, th_sink out, uint64_t* size) -> int32_t {
    return services::read(ContextOf(host), path, out, size);
  };
  table.workspace_write = [](void* host, th_str path, th_str content,
                             th_write_outcome* outcome) -> int32_t {
    return services::write(ContextOf(host), path, content, outcome);
  };
  table.workspace_list = [](void* host, th_str path, int32_t recursive, uint32_t max_entries,
                            th_sink out_json) -> int32_t {
    return services::list(ContextOf(host), path, recursive, max_entries, out_json);
  };
  table.workspace_provenance = [](void* host, th_str path, int32_t* provenance) -> int32_t {
    return services::provenance(ContextOf(host), path, provenance);
  };
}

// `host` is the context itself. Sets table.host; other services bound to the
// same table must then take a WorkspaceCallContext* as their host.
void bind_workspace_services(th_host_services& table, WorkspaceCallContext& context);

}  // namespace toolhost::workspace
