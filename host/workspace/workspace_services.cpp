#include "workspace/workspace_services.hpp"

#include <boost/json.hpp>

#include <cstddef>
#include <string>

namespace toolhost::workspace {
namespace {

std::string_view view(th_str s) {
  return s.data ? std::string_view(s.data, s.size) : "";
}

// Every answer passes through here so an escape is never missed.
int32_t answer(WorkspaceCallContext& context, WorkspaceStatus status) {
  if (status == WorkspaceStatus::escape) context.escape_seen = true;
  return to_service_status(status);
}

const char* kind_name(EntryKind kind) {
  return kind == EntryKind::file ? "file" : "directory";
}

}  // namespace

namespace services {

int32_t read(WorkspaceCallContext* context, th_str path, th_sink out, uint64_t* size) noexcept {
  if (!context || !context->handle) return TH_SERVICE_UNAVAILABLE;
  try {
    const auto outcome = context->handle->read(view(path), [&](std::string_view chunk) {
      return !out.write || out.write(out.context, chunk.data(), chunk.size()) == 0;
    });
    if (size) *size = outcome.byte_count;
    return answer(*context, outcome.status);
  } catch (...) {
    return TH_SERVICE_IO_ERROR;
  }
}

int32_t write(WorkspaceCallContext* context, th_str path, th_str content,
              th_write_outcome* outcome) noexcept {
  if (!context || !context->handle) return TH_SERVICE_UNAVAILABLE;
  try {
    const auto result = context->handle->write(view(path), view(content));
    constexpr size_t kFieldsEnd = offsetof(th_write_outcome, byte_count) + sizeof(uint64_t);
    if (outcome && outcome->struct_size >= kFieldsEnd) {
      outcome->created = result.created ? 1 : 0;
      outcome->byte_count = result.byte_count;
    }
    return answer(*context, result.status);
  } catch (...) {
    return TH_SERVICE_IO_ERROR;
  }
}

int32_t list(WorkspaceCallContext* context, th_str path, int32_t recursive, uint32_t max_entries,
             th_sink out_json) noexcept {
  if (!context || !context->handle) return TH_SERVICE_UNAVAILABLE;
  try {
    const auto outcome = context->handle->list(view(path), recursive != 0, max_entries);
    if (outcome.status != WorkspaceStatus::ok) return answer(*context, outcome.status);
    boost::json::array entries;
    entries.reserve(outcome.entries.size());
    for (const auto& entry : outcome.entries) {
      entries.push_back(boost::json::object{
          {"path", entry.path}, {"kind", kind_name(entry.kind)}, {"byte_count", entry.byte_count}});
    }
    const std::string json = boost::json::serialize(entries);
    if (out_json.write && out_json.write(out_json.context, json.data(), json.size()) != 0)
      return TH_SERVICE_STOPPED;
    return TH_SERVICE_OK;
  } catch (...) {
    return TH_SERVICE_IO_ERROR;
  }
}

int32_t provenance(WorkspaceCallContext* context, th_str path, int32_t* provenance) noexcept {
  if (!context || !context->handle) return TH_SERVICE_UNAVAILABLE;
  try {
    const auto lookup = context->handle->provenance(view(path));
    if (provenance) *provenance = static_cast<int32_t>(lookup.provenance);
    return answer(*context, lookup.status);
  } catch (...) {
    return TH_SERVICE_IO_ERROR;
  }
}

}  // namespace services

namespace {
WorkspaceCallContext* context_is_host(void* host) {
  return static_cast<WorkspaceCallContext*>(host);
}
}  // namespace

void bind_workspace_services(th_host_services& table, WorkspaceCallContext& context) {
  table.host = &context;
  bind_workspace_services<&context_is_host>(table);
}

}  // namespace toolhost::workspace
