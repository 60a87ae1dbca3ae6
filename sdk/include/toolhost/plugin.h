/*
 * toolhost plugin ABI — the whole binary contract between the host and a tool
 * plugin. Pure C (C99 and C++), no exceptions, no allocation across the line.
 *
 * Rules that keep this header stable for years:
 *  - Every struct begins with `struct_size`; fields are only ever appended.
 *    A reader checks `struct_size` before touching a field added later.
 *  - Strings are (pointer, length) UTF-8 and are never NUL-terminated by
 *    contract.
 *  - Whatever a plugin allocates it releases itself: results carry their own
 *    release function. Whatever the host hands a plugin is valid only for the
 *    duration of the call that handed it.
 *  - The ABI major version is negotiated: the host offers [min, max], the
 *    plugin answers the one it implements or refuses.
 *  - Plugins read no ambient state. Time, cancellation, workspace files,
 *    artifacts, credentials and logging arrive through the service table
 *    handed to each call.
 */
#ifndef TOOLHOST_PLUGIN_H
#define TOOLHOST_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ABI major versions this header describes. */
#define TOOLHOST_ABI_VERSION 1u

/* The single exported symbol of every plugin. */
#define TOOLHOST_ENTRY_SYMBOL "toolhost_plugin_entry"

#if defined(_WIN32)
#define TOOLHOST_EXPORT __declspec(dllexport)
#else
#define TOOLHOST_EXPORT __attribute__((visibility("default")))
#endif

/* ---------------------------------------------------------------- strings */

typedef struct th_str {
  const char* data;
  size_t size;
} th_str;

/* A byte sink the caller provides; returns 0 to continue, non-zero to stop. */
typedef struct th_sink {
  void* context;
  int32_t (*write)(void* context, const char* data, size_t size);
} th_sink;

/* -------------------------------------------------- failure kinds & trust */

/* The failure vocabulary shared by every tool. Reason codes refine a kind as
 * `tool.<kind in lower case>.<reason>`. */
typedef enum th_failure_kind {
  TH_FAILURE_NONE = 0,
  TH_FAILURE_INVALID_ARGUMENTS = 1,
  TH_FAILURE_NOT_FOUND = 2,
  TH_FAILURE_PERMISSION_DENIED = 3,
  TH_FAILURE_APPROVAL_DENIED = 4,
  TH_FAILURE_TIMEOUT = 5,
  TH_FAILURE_CANCELLED = 6,
  TH_FAILURE_OUTPUT_INVALID = 7,
  TH_FAILURE_OUTPUT_TOO_LARGE = 8,
  TH_FAILURE_UNAVAILABLE = 9,
  TH_FAILURE_PLUGIN_FAULT = 10,
  TH_FAILURE_INTERNAL = 11
} th_failure_kind;

/* Output trust, ordered: a larger value is more trusted. 0 means "as
 * declared in the manifest". A result may lower its trust, never raise it. */
typedef enum th_trust {
  TH_TRUST_AS_DECLARED = 0,
  TH_TRUST_EXTERNAL_UNTRUSTED = 1,
  TH_TRUST_MEMORY = 2,
  TH_TRUST_INTERNAL_TOOL = 3,
  TH_TRUST_USER = 4
} th_trust;

/* ---------------------------------------------------------- host services */

/* Status codes of host services. */
typedef enum th_service_status {
  TH_SERVICE_OK = 0,
  TH_SERVICE_NO_SUCH_PATH = 1,
  TH_SERVICE_NOT_A_FILE = 2,
  TH_SERVICE_NOT_A_DIRECTORY = 3,
  /* The path escapes the workspace. The host has already recorded the
   * failure; the plugin should return promptly with any failure. */
  TH_SERVICE_ESCAPE = 4,
  TH_SERVICE_IO_ERROR = 5,
  TH_SERVICE_CANCELLED = 6,
  TH_SERVICE_TOO_LARGE = 7,
  TH_SERVICE_UNAVAILABLE = 8,
  TH_SERVICE_NOT_FOUND = 9,
  TH_SERVICE_DENIED = 10,
  TH_SERVICE_STOPPED = 11 /* the plugin's sink returned non-zero */
} th_service_status;

/* Provenance of a workspace path, answered by the host's workspace handle. */
typedef enum th_provenance {
  TH_PROVENANCE_UNKNOWN = 0,
  TH_PROVENANCE_TOOL_WRITTEN = 1,
  TH_PROVENANCE_SANDBOX_WRITTEN = 2
} th_provenance;

typedef enum th_log_level {
  TH_LOG_DEBUG = 0,
  TH_LOG_INFO = 1,
  TH_LOG_WARNING = 2,
  TH_LOG_ERROR = 3
} th_log_level;

typedef struct th_write_outcome {
  uint32_t struct_size;
  int32_t created;     /* 1 when the path did not exist before the write */
  uint64_t byte_count; /* bytes written */
} th_write_outcome;

/* An artifact reference as the host returns it: `id` is "sha256:<hex>"-based
 * and stable; the rest describes the stored bytes. */
typedef struct th_artifact_ref_out {
  uint32_t struct_size;
  th_sink json; /* receives the ArtifactRef as a JSON object */
} th_artifact_ref_out;

/* The service table handed to every invoke. `host` is the opaque per-call
 * context that must be passed back to every function. Any function pointer
 * may be NULL when the host does not grant that service to this call. */
typedef struct th_host_services {
  uint32_t struct_size;
  void* host;

  /* Clock: the current instant as microseconds since the Unix epoch, UTC.
   * Aware by construction; under the deterministic harness it is fixed. */
  int64_t (*clock_now_utc_us)(void* host);

  /* Cancellation and deadline. `is_cancelled` is non-zero once the call was
   * cancelled or its deadline passed; `deadline_remaining_us` is the time
   * left (<= 0 when overrun). */
  int32_t (*is_cancelled)(void* host);
  int64_t (*deadline_remaining_us)(void* host);

  /* Logging to the operator (never to the model). */
  void (*log)(void* host, int32_t level, th_str message);

  /* Credential lookup by reference name (e.g. "tensorscale"). The secret is
   * written to `out`; TH_SERVICE_NOT_FOUND when it does not resolve. */
  int32_t (*credential_lookup)(void* host, th_str name, th_sink out);

  /* Workspace. Paths are relative to the session's workspace root and are
   * resolved only by the host. */
  /* Streams the file in chunks to `out`; writes the file size to *size. */
  int32_t (*workspace_read)(void* host, th_str path, th_sink out, uint64_t* size);
  /* Creates or replaces the file with exactly `content`, recording
   * TOOL_WRITTEN provenance in the same operation. */
  int32_t (*workspace_write)(void* host, th_str path, th_str content, th_write_outcome* outcome);
  /* Lists a directory as a JSON array of {path, kind, byte_count}, bytewise
   * ascending on path, symlinks neither followed nor listed, at most
   * `max_entries` (+1 to detect truncation). */
  int32_t (*workspace_list)(void* host, th_str path, int32_t recursive, uint32_t max_entries,
                            th_sink out_json);
  int32_t (*workspace_provenance)(void* host, th_str path, int32_t* provenance);

  /* Artifacts, run-bound. `artifact_begin` opens a writer; bytes are
   * appended with `artifact_append`; `artifact_commit` publishes (and
   * deduplicates within the run), `artifact_abort` discards. `meta_json`
   * is {"name","media_type","origin","provenance"}. */
  int32_t (*artifact_begin)(void* host, th_str meta_json, uint64_t* writer);
  int32_t (*artifact_append)(void* host, uint64_t writer, th_str bytes);
  int32_t (*artifact_commit)(void* host, uint64_t writer, th_sink out_ref_json);
  void (*artifact_abort)(void* host, uint64_t writer);
  /* Resolves an artifact id of this session; writes its bytes to `out` and
   * its ArtifactRef JSON to `out_ref_json`. */
  int32_t (*artifact_resolve)(void* host, th_str artifact_id, th_sink out, th_sink out_ref_json);

  /* Sandbox (appended; check struct_size). Runs `/bin/sh -c command` in an
   * isolated sandbox with the session's workspace at /workspace.
   * `request_json` is {"command": string, "timeout_s"?: 1..300}. On
   * TH_SERVICE_OK `out_result_json` receives {"exit_code", "stdout",
   * "stderr", "stdout_truncated", "stderr_truncated", "timed_out",
   * "duration_ms"} (a non-zero exit code is still OK); on any other status
   * it receives {"detail": string} for the operator. TH_SERVICE_UNAVAILABLE:
   * no sandbox for this call or the backend is missing or refused;
   * TH_SERVICE_CANCELLED: the call was cancelled and the command killed;
   * TH_SERVICE_DENIED: the request is malformed. Blocks until the run ends. */
  int32_t (*sandbox_run)(void* host, th_str request_json, th_sink out_result_json);
} th_host_services;

/* ------------------------------------------------------------- invocation */

typedef struct th_invoke_request {
  uint32_t struct_size;
  th_str tool_name;
  th_str tool_version;
  th_str arguments_json; /* validated against input_schema, defaults applied */
  th_str invocation_id;
  th_str session_id;
} th_invoke_request;

typedef enum th_invoke_status {
  TH_INVOKE_OK = 0,
  TH_INVOKE_FAILED = 1
} th_invoke_status;

/* Filled by the plugin. The host copies what it needs and then calls
 * `release(release_context)` exactly once (when `release` is non-NULL). */
typedef struct th_invoke_result {
  uint32_t struct_size;
  int32_t status;       /* th_invoke_status */
  th_str output_json;   /* ok: the structured result */
  th_str content;       /* ok: the model-facing text */
  int32_t output_trust; /* th_trust; may only lower the declared trust */
  th_str reason_code;   /* failed: e.g. "tool.invalid_arguments.syntax" */
  th_str detail;        /* failed: operator-only specifics */
  void (*release)(void* release_context);
  void* release_context;
} th_invoke_result;

/* ----------------------------------------------------------------- plugin */

/* What the host offers at load time. */
typedef struct th_host_offer {
  uint32_t struct_size;
  uint32_t abi_min; /* lowest ABI major the host supports */
  uint32_t abi_max; /* highest ABI major the host supports */
  th_str host_version;
} th_host_offer;

/* The plugin's answer: its function table for the negotiated ABI. The table
 * must stay valid until `shutdown` returns. */
typedef struct th_plugin_v1 {
  uint32_t struct_size;
  uint32_t abi_version; /* the ABI major the plugin implements */
  void* self;           /* opaque plugin state passed back to every call */

  /* The plugin's ToolSpecs as JSON: {"tools": [ToolSpec, ...]}. The bytes
   * are owned by the plugin and stay valid until shutdown. */
  th_str (*manifest)(void* self);

  /* Runs one tool version. Must not throw, must not retain `services` or any
   * request pointer past return. Returns 0, or non-zero when `result` could
   * not be filled at all (the host records a plugin fault). */
  int32_t (*invoke)(void* self, const th_invoke_request* request,
                    const th_host_services* services, th_invoke_result* result);

  /* Called once before the library is unloaded. May be NULL. */
  void (*shutdown)(void* self);
} th_plugin_v1;

/* Entry point status. */
typedef enum th_entry_status {
  TH_ENTRY_OK = 0,
  TH_ENTRY_ABI_UNSUPPORTED = 1, /* no ABI in [abi_min, abi_max] is implemented */
  TH_ENTRY_FAILED = 2           /* the plugin could not initialise */
} th_entry_status;

/* The one exported symbol. On TH_ENTRY_OK, `*plugin` points at a table whose
 * `abi_version` lies in the offered range. */
typedef int32_t (*th_plugin_entry_fn)(const th_host_offer* offer, const th_plugin_v1** plugin);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TOOLHOST_PLUGIN_H */
