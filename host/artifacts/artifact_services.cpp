#include "artifacts/artifact_services.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <atomic>

namespace toolhost::artifacts {
namespace {

namespace json = boost::json;

ArtifactCallContext* identity_resolver(void* host) {
  return static_cast<ArtifactCallContext*>(host);
}

std::atomic<ArtifactContextResolver> g_resolver{&identity_resolver};

ArtifactCallContext* context_of(void* host) {
  ArtifactCallContext* context = artifact_context_resolver()(host);
  return (context && context->store) ? context : nullptr;
}

int32_t status_of(ArtifactCode code) {
  switch (code) {
    case ArtifactCode::ok:
      return TH_SERVICE_OK;
    case ArtifactCode::too_large:
      return TH_SERVICE_TOO_LARGE;
    case ArtifactCode::not_found:
    case ArtifactCode::expired:
    case ArtifactCode::ineligible:
      // One answer for "not yours", "gone" and "not for tools": a plugin
      // learns nothing about artifacts it may not read.
      return TH_SERVICE_NOT_FOUND;
    case ArtifactCode::invalid_meta:
      return TH_SERVICE_DENIED;
    case ArtifactCode::closed:
      return TH_SERVICE_NOT_FOUND;
    case ArtifactCode::checksum_mismatch:
    case ArtifactCode::io_error:
      return TH_SERVICE_IO_ERROR;
  }
  return TH_SERVICE_IO_ERROR;
}

std::string_view view(th_str s) {
  return s.data ? std::string_view(s.data, s.size) : "";
}

// Fills ArtifactMeta from the plugin's meta JSON; false when it is malformed
// or claims an origin plugins may not write.
bool parse_meta(std::string_view meta_json, const ArtifactCallContext& context,
                ArtifactMeta& meta) {
  boost::system::error_code ec;
  const json::value parsed = json::parse(meta_json, ec);
  if (ec || !parsed.is_object()) return false;
  const json::object& object = parsed.as_object();
  const auto text = [&](std::string_view key) -> const json::string* {
    const json::value* v = object.if_contains(key);
    return (v && v->is_string()) ? &v->as_string() : nullptr;
  };
  const json::string* name = text("name");
  const json::string* media_type = text("media_type");
  const json::string* origin = text("origin");
  const json::string* provenance = text("provenance");
  if (!name || !media_type || !origin || !provenance) return false;
  const auto parsed_origin = parse_origin(*origin);
  const auto parsed_provenance = parse_provenance(*provenance);
  if (!parsed_origin || *parsed_origin == Origin::tool_output || !parsed_provenance) return false;

  meta.name = std::string(*name);
  meta.media_type = std::string(*media_type);
  meta.origin = *parsed_origin;
  meta.provenance = *parsed_provenance;
  meta.session_id = context.session_id;
  meta.run_id = context.run_id;
  meta.invocation_id = context.invocation_id;
  meta.created_at_us = context.now_utc_us ? context.now_utc_us() : 0;
  if (context.retention_us) meta.expires_at_us = meta.created_at_us + *context.retention_us;
  meta.max_bytes = std::min(context.max_artifact_bytes, kArtifactHardCeilingBytes);
  if (const json::value* limit = object.if_contains("max_bytes")) {
    if (!limit->is_int64() || limit->as_int64() < 0) return false;
    meta.max_bytes = std::min(meta.max_bytes, static_cast<uint64_t>(limit->as_int64()));
  }
  return true;
}

int32_t write_to(th_sink sink, std::string_view bytes) {
  if (!sink.write) return TH_SERVICE_OK;
  return sink.write(sink.context, bytes.data(), bytes.size()) == 0 ? TH_SERVICE_OK
                                                                   : TH_SERVICE_STOPPED;
}

}  // namespace

void set_artifact_context_resolver(ArtifactContextResolver resolver) {
  g_resolver.store(resolver ? resolver : &identity_resolver);
}

ArtifactContextResolver artifact_context_resolver() {
  return g_resolver.load();
}

int32_t artifact_begin_service(void* host, th_str meta_json, uint64_t* writer) try {
  ArtifactCallContext* context = context_of(host);
  if (!context || !writer) return TH_SERVICE_UNAVAILABLE;
  ArtifactMeta meta;
  if (!parse_meta(view(meta_json), *context, meta)) return TH_SERVICE_DENIED;
  auto opened = context->store->begin(std::move(meta));
  if (!opened) return status_of(opened.code());
  const uint64_t handle = context->next_writer_handle++;
  context->writers.emplace(handle, std::move(opened.value()));
  *writer = handle;
  return TH_SERVICE_OK;
} catch (...) {
  return TH_SERVICE_IO_ERROR;
}

int32_t artifact_append_service(void* host, uint64_t writer, th_str bytes) try {
  ArtifactCallContext* context = context_of(host);
  if (!context) return TH_SERVICE_UNAVAILABLE;
  auto it = context->writers.find(writer);
  if (it == context->writers.end()) return TH_SERVICE_NOT_FOUND;
  return status_of(it->second->append(view(bytes)).code);
} catch (...) {
  return TH_SERVICE_IO_ERROR;
}

int32_t artifact_commit_service(void* host, uint64_t writer, th_sink out_ref_json) try {
  ArtifactCallContext* context = context_of(host);
  if (!context) return TH_SERVICE_UNAVAILABLE;
  auto it = context->writers.find(writer);
  if (it == context->writers.end()) return TH_SERVICE_NOT_FOUND;
  // A writer commits once, successfully or not; the handle is spent either way.
  std::unique_ptr<ArtifactWriter> owned = std::move(it->second);
  context->writers.erase(it);
  auto ref = owned->commit();
  if (!ref) return status_of(ref.code());
  return write_to(out_ref_json, ref->to_json());
} catch (...) {
  return TH_SERVICE_IO_ERROR;
}

void artifact_abort_service(void* host, uint64_t writer) try {
  ArtifactCallContext* context = context_of(host);
  if (!context) return;
  context->writers.erase(writer);  // the writer's destructor discards its bytes
} catch (...) {
}

int32_t artifact_resolve_service(void* host, th_str artifact_id, th_sink out,
                                 th_sink out_ref_json) try {
  ArtifactCallContext* context = context_of(host);
  if (!context) return TH_SERVICE_UNAVAILABLE;
  const int64_t now = context->now_utc_us ? context->now_utc_us() : 0;
  auto resolved = context->store->resolve(view(artifact_id), context->session_id, now);
  if (!resolved) return status_of(resolved.code());
  if (const int32_t st = write_to(out, resolved->bytes); st != TH_SERVICE_OK) return st;
  return write_to(out_ref_json, resolved->ref.to_json());
} catch (...) {
  return TH_SERVICE_IO_ERROR;
}

void bind_artifact_services(th_host_services& services) {
  services.artifact_begin = &artifact_begin_service;
  services.artifact_append = &artifact_append_service;
  services.artifact_commit = &artifact_commit_service;
  services.artifact_abort = &artifact_abort_service;
  services.artifact_resolve = &artifact_resolve_service;
}

}  // namespace toolhost::artifacts
