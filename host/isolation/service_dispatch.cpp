#include "isolation/service_dispatch.hpp"

#include "isolation/service_ops.hpp"
#include "isolation/wire_fields.hpp"

namespace toolhost::isolation {

namespace {

th_str as_str(const std::string& s) {
  return th_str{s.data(), s.size()};
}

th_sink sink_into(std::string& target) {
  return th_sink{&target, [](void* c, const char* d, size_t n) -> int32_t {
                   static_cast<std::string*>(c)->append(d, n);
                   return 0;
                 }};
}

}  // namespace

std::optional<std::string> dispatch_service_call(const th_host_services& s,
                                                 std::string_view request) {
  FieldReader in(request);
  FieldWriter out;
  uint64_t op = 0;
  if (!in.u64(op)) return std::nullopt;
  void* host = s.host;
  switch (static_cast<ServiceOp>(op)) {
    case ServiceOp::clock_now:
      out.i64(s.clock_now_utc_us ? s.clock_now_utc_us(host) : 0);
      break;
    case ServiceOp::is_cancelled:
      out.i64(s.is_cancelled ? s.is_cancelled(host) : 0);
      break;
    case ServiceOp::deadline_remaining:
      out.i64(s.deadline_remaining_us ? s.deadline_remaining_us(host) : INT64_MAX);
      break;
    case ServiceOp::credential_lookup: {
      std::string name, secret;
      if (!in.bytes(name)) return std::nullopt;
      int32_t st = s.credential_lookup ? s.credential_lookup(host, as_str(name), sink_into(secret))
                                       : TH_SERVICE_UNAVAILABLE;
      out.i64(st).bytes(secret);
      break;
    }
    case ServiceOp::workspace_read: {
      std::string path, content;
      uint64_t size = 0;
      if (!in.bytes(path)) return std::nullopt;
      int32_t st = s.workspace_read
                       ? s.workspace_read(host, as_str(path), sink_into(content), &size)
                       : TH_SERVICE_UNAVAILABLE;
      out.i64(st).bytes(content).u64(size);
      break;
    }
    case ServiceOp::workspace_write: {
      std::string path, content;
      if (!in.bytes(path) || !in.bytes(content)) return std::nullopt;
      th_write_outcome outcome{};
      outcome.struct_size = sizeof(outcome);
      int32_t st = s.workspace_write
                       ? s.workspace_write(host, as_str(path), as_str(content), &outcome)
                       : TH_SERVICE_UNAVAILABLE;
      out.i64(st).i64(outcome.created).u64(outcome.byte_count);
      break;
    }
    case ServiceOp::workspace_list: {
      std::string path, listing;
      int64_t recursive = 0;
      uint64_t max = 0;
      if (!in.bytes(path) || !in.i64(recursive) || !in.u64(max)) return std::nullopt;
      int32_t st = s.workspace_list
                       ? s.workspace_list(host, as_str(path), recursive != 0,
                                          static_cast<uint32_t>(max), sink_into(listing))
                       : TH_SERVICE_UNAVAILABLE;
      out.i64(st).bytes(listing);
      break;
    }
    case ServiceOp::workspace_provenance: {
      std::string path;
      if (!in.bytes(path)) return std::nullopt;
      int32_t provenance = TH_PROVENANCE_UNKNOWN;
      int32_t st = s.workspace_provenance ? s.workspace_provenance(host, as_str(path), &provenance)
                                          : TH_SERVICE_UNAVAILABLE;
      out.i64(st).i64(provenance);
      break;
    }
    case ServiceOp::artifact_begin: {
      std::string meta;
      if (!in.bytes(meta)) return std::nullopt;
      uint64_t writer = 0;
      int32_t st =
          s.artifact_begin ? s.artifact_begin(host, as_str(meta), &writer) : TH_SERVICE_UNAVAILABLE;
      out.i64(st).u64(writer);
      break;
    }
    case ServiceOp::artifact_append: {
      uint64_t writer = 0;
      std::string data;
      if (!in.u64(writer) || !in.bytes(data)) return std::nullopt;
      out.i64(s.artifact_append ? s.artifact_append(host, writer, as_str(data))
                                : TH_SERVICE_UNAVAILABLE);
      break;
    }
    case ServiceOp::artifact_commit: {
      uint64_t writer = 0;
      std::string ref;
      if (!in.u64(writer)) return std::nullopt;
      int32_t st = s.artifact_commit ? s.artifact_commit(host, writer, sink_into(ref))
                                     : TH_SERVICE_UNAVAILABLE;
      out.i64(st).bytes(ref);
      break;
    }
    case ServiceOp::artifact_abort: {
      uint64_t writer = 0;
      if (!in.u64(writer)) return std::nullopt;
      if (s.artifact_abort) s.artifact_abort(host, writer);
      break;
    }
    case ServiceOp::artifact_resolve: {
      std::string id, data, ref;
      if (!in.bytes(id)) return std::nullopt;
      int32_t st = s.artifact_resolve
                       ? s.artifact_resolve(host, as_str(id), sink_into(data), sink_into(ref))
                       : TH_SERVICE_UNAVAILABLE;
      out.i64(st).bytes(data).bytes(ref);
      break;
    }
    default:
      return std::nullopt;
  }
  return out.payload();
}

}  // namespace toolhost::isolation
