// The host services a plugin may call during invoke, as they travel over the
// worker protocol. Every service_call frame starts with one of these (u64),
// then its arguments; the service_reply carries the answer. Field order per
// op is written next to it, and implemented once on each side
// (worker_services.cpp, service_dispatch.cpp).
#pragma once

#include <cstdint>

namespace toolhost::isolation {

enum class ServiceOp : uint64_t {
  clock_now = 1,           // () -> i64 us
  is_cancelled = 2,        // () -> i64 flag
  deadline_remaining = 3,  // () -> i64 us
  credential_lookup = 4,   // (bytes name) -> i64 status, bytes secret
  workspace_read = 5,      // (bytes path) -> i64 status, bytes content, u64 size
  workspace_write = 6,     // (bytes path, bytes content) -> i64 status, i64 created, u64 byte_count
  workspace_list = 7,      // (bytes path, i64 recursive, u64 max) -> i64 status, bytes json
  workspace_provenance = 8,  // (bytes path) -> i64 status, i64 provenance
  artifact_begin = 9,        // (bytes meta) -> i64 status, u64 writer
  artifact_append = 10,      // (u64 writer, bytes data) -> i64 status
  artifact_commit = 11,      // (u64 writer) -> i64 status, bytes ref_json
  artifact_abort = 12,       // (u64 writer) -> ()
  artifact_resolve = 13,     // (bytes id) -> i64 status, bytes data, bytes ref_json
};

}  // namespace toolhost::isolation
