#include "isolation/worker_services.hpp"

#include <cstdlib>
#include <string>

#include "isolation/frame_channel.hpp"
#include "isolation/service_ops.hpp"
#include "isolation/wire_fields.hpp"

namespace toolhost::isolation {

namespace {

// The socket, smuggled through the `host` pointer.
int fd_of(void* host) {
  return static_cast<int>(reinterpret_cast<intptr_t>(host));
}

std::string_view view(th_str s) {
  return s.data ? std::string_view(s.data, s.size) : "";
}

// Sends the request and returns a reader over the reply's payload.
std::string round_trip(void* host, const FieldWriter& request) {
  int fd = fd_of(host);
  if (!write_frame(fd, MessageType::service_call, request.payload())) std::_Exit(0);
  auto reply = read_frame(fd, std::nullopt);
  if (reply.status != ReadStatus::ok || reply.frame.type != MessageType::service_reply)
    std::_Exit(0);
  return std::move(reply.frame.payload);
}

FieldWriter op(ServiceOp o) {
  FieldWriter w;
  w.u64(static_cast<uint64_t>(o));
  return w;
}

int64_t simple(void* host, ServiceOp o) {
  auto reply = round_trip(host, op(o));
  FieldReader r(reply);
  int64_t v = 0;
  r.i64(v);
  return v;
}

int32_t status_of(FieldReader& r) {
  int32_t st = TH_SERVICE_UNAVAILABLE;
  return r.i32(st) ? st : TH_SERVICE_UNAVAILABLE;
}

void write_to(th_sink sink, const std::string& bytes) {
  if (sink.write && !bytes.empty()) sink.write(sink.context, bytes.data(), bytes.size());
}

int64_t clock_now(void* host) {
  return simple(host, ServiceOp::clock_now);
}
int32_t is_cancelled(void* host) {
  return simple(host, ServiceOp::is_cancelled) != 0 ? 1 : 0;
}
int64_t deadline_remaining(void* host) {
  return simple(host, ServiceOp::deadline_remaining);
}

void log_line(void* host, int32_t level, th_str message) {
  FieldWriter w;
  w.i64(level).bytes(view(message));
  if (!write_frame(fd_of(host), MessageType::log, w.payload())) std::_Exit(0);
}

int32_t credential_lookup(void* host, th_str name, th_sink out) {
  auto reply = round_trip(host, op(ServiceOp::credential_lookup).bytes(view(name)));
  FieldReader r(reply);
  int32_t st = status_of(r);
  std::string secret;
  if (r.bytes(secret) && st == TH_SERVICE_OK) write_to(out, secret);
  return st;
}

int32_t workspace_read(void* host, th_str path, th_sink out, uint64_t* size) {
  auto reply = round_trip(host, op(ServiceOp::workspace_read).bytes(view(path)));
  FieldReader r(reply);
  int32_t st = status_of(r);
  std::string content;
  uint64_t n = 0;
  if (!r.bytes(content) || !r.u64(n)) return TH_SERVICE_IO_ERROR;
  if (size) *size = n;
  if (!content.empty() && out.write && out.write(out.context, content.data(), content.size()) != 0)
    return TH_SERVICE_STOPPED;
  return st;
}

int32_t workspace_write(void* host, th_str path, th_str content, th_write_outcome* outcome) {
  auto reply =
      round_trip(host, op(ServiceOp::workspace_write).bytes(view(path)).bytes(view(content)));
  FieldReader r(reply);
  int32_t st = status_of(r);
  int64_t created = 0;
  uint64_t count = 0;
  if (r.i64(created) && r.u64(count) && outcome &&
      outcome->struct_size >= sizeof(th_write_outcome)) {
    outcome->created = static_cast<int32_t>(created);
    outcome->byte_count = count;
  }
  return st;
}

int32_t workspace_list(void* host, th_str path, int32_t recursive, uint32_t max_entries,
                       th_sink out) {
  auto reply = round_trip(
      host, op(ServiceOp::workspace_list).bytes(view(path)).i64(recursive).u64(max_entries));
  FieldReader r(reply);
  int32_t st = status_of(r);
  std::string listing;
  if (r.bytes(listing)) write_to(out, listing);
  return st;
}

int32_t workspace_provenance(void* host, th_str path, int32_t* provenance) {
  auto reply = round_trip(host, op(ServiceOp::workspace_provenance).bytes(view(path)));
  FieldReader r(reply);
  int32_t st = status_of(r);
  int32_t p = TH_PROVENANCE_UNKNOWN;
  if (r.i32(p) && provenance) *provenance = p;
  return st;
}

int32_t artifact_begin(void* host, th_str meta, uint64_t* writer) {
  auto reply = round_trip(host, op(ServiceOp::artifact_begin).bytes(view(meta)));
  FieldReader r(reply);
  int32_t st = status_of(r);
  uint64_t w = 0;
  if (r.u64(w) && writer) *writer = w;
  return st;
}

int32_t artifact_append(void* host, uint64_t writer, th_str bytes) {
  auto reply = round_trip(host, op(ServiceOp::artifact_append).u64(writer).bytes(view(bytes)));
  FieldReader r(reply);
  return status_of(r);
}

int32_t artifact_commit(void* host, uint64_t writer, th_sink out_ref) {
  auto reply = round_trip(host, op(ServiceOp::artifact_commit).u64(writer));
  FieldReader r(reply);
  int32_t st = status_of(r);
  std::string ref;
  if (r.bytes(ref)) write_to(out_ref, ref);
  return st;
}

void artifact_abort(void* host, uint64_t writer) {
  round_trip(host, op(ServiceOp::artifact_abort).u64(writer));
}

int32_t artifact_resolve(void* host, th_str id, th_sink out, th_sink out_ref) {
  auto reply = round_trip(host, op(ServiceOp::artifact_resolve).bytes(view(id)));
  FieldReader r(reply);
  int32_t st = status_of(r);
  std::string data, ref;
  if (r.bytes(data) && r.bytes(ref) && st == TH_SERVICE_OK) {
    write_to(out, data);
    write_to(out_ref, ref);
  }
  return st;
}

}  // namespace

th_host_services make_worker_services(int fd) {
  th_host_services s{};
  s.struct_size = sizeof(s);
  s.host = reinterpret_cast<void*>(static_cast<intptr_t>(fd));
  s.clock_now_utc_us = &clock_now;
  s.is_cancelled = &is_cancelled;
  s.deadline_remaining_us = &deadline_remaining;
  s.log = &log_line;
  s.credential_lookup = &credential_lookup;
  s.workspace_read = &workspace_read;
  s.workspace_write = &workspace_write;
  s.workspace_list = &workspace_list;
  s.workspace_provenance = &workspace_provenance;
  s.artifact_begin = &artifact_begin;
  s.artifact_append = &artifact_append;
  s.artifact_commit = &artifact_commit;
  s.artifact_abort = &artifact_abort;
  s.artifact_resolve = &artifact_resolve;
  return s;
}

}  // namespace toolhost::isolation
