// The artifact_* members of th_host_services, backed by an ArtifactStore.
//
// How a service function finds its call: every th_host_services function
// receives only `void* host`. The rule is
//
//   ArtifactCallContext* context = artifact_context_resolver()(host);
//
// The default resolver treats `host` itself as an ArtifactCallContext*. A host
// whose `host` pointer is its own per-call struct installs, once at startup
// and before any call, a resolver that returns the ArtifactCallContext inside
// that struct (set_artifact_context_resolver). A resolver returning nullptr
// makes every artifact service answer TH_SERVICE_UNAVAILABLE.
#pragma once

#include "artifacts/artifact_store.hpp"
#include "artifacts/artifact_types.hpp"
#include "artifacts/artifact_writer.hpp"

#include <toolhost/plugin.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace toolhost::artifacts {

// One plugin call's view of the artifact store. Owned by the caller for the
// duration of the call; writers still open when it is destroyed are aborted.
struct ArtifactCallContext {
  ArtifactStore* store = nullptr;
  std::string session_id{};
  std::string run_id{};
  std::string invocation_id{};
  // The instant stamped on new artifacts and used for expiry checks.
  std::function<int64_t()> now_utc_us{};
  // Retention of artifacts written in this call; none keeps them with the session.
  std::optional<int64_t> retention_us{};
  // Per-writer limit for this call, clamped to kArtifactHardCeilingBytes.
  uint64_t max_artifact_bytes = kArtifactHardCeilingBytes;

  // Open writers by the handle given to the plugin. Handles start at 1.
  std::map<uint64_t, std::unique_ptr<ArtifactWriter>> writers{};
  uint64_t next_writer_handle = 1;
};

using ArtifactContextResolver = ArtifactCallContext* (*)(void* host);

// Installs the rule that maps `host` to its ArtifactCallContext; nullptr
// restores the default (host is the context).
void set_artifact_context_resolver(ArtifactContextResolver resolver);
ArtifactContextResolver artifact_context_resolver();

// Sets artifact_begin/append/commit/abort/resolve of `services`; leaves every
// other member untouched.
void bind_artifact_services(th_host_services& services);

// The C functions themselves, for hosts that assemble the table by hand.
//
// artifact_begin's meta_json is {"name","media_type","origin","provenance"}
// with an optional "max_bytes" that can only lower the call's limit. A plugin
// may write MODEL_OUTPUT, WORKSPACE_EXPORT and TEXT_EXPORT; TOOL_OUTPUT is the
// pipeline's own (TH_SERVICE_DENIED). Malformed meta: TH_SERVICE_DENIED.
// artifact_append past the limit: TH_SERVICE_TOO_LARGE (commit then too).
// artifact_resolve of anything the session may not read: TH_SERVICE_NOT_FOUND;
// bytes that fail their checksum: TH_SERVICE_IO_ERROR.
int32_t artifact_begin_service(void* host, th_str meta_json, uint64_t* writer);
int32_t artifact_append_service(void* host, uint64_t writer, th_str bytes);
int32_t artifact_commit_service(void* host, uint64_t writer, th_sink out_ref_json);
void artifact_abort_service(void* host, uint64_t writer);
int32_t artifact_resolve_service(void* host, th_str artifact_id, th_sink out, th_sink out_ref_json);

}  // namespace toolhost::artifacts
