// toolhost C++ plugin layer: header-only, depends only on plugin.h and the
// standard library. It turns a tool into a handler function:
//
//   toolhost::sdk::Result add(const toolhost::sdk::Call& call, toolhost::sdk::Context& ctx);
//   TOOLHOST_PLUGIN(manifest_json, {{"acme.add", "1.0.0", &add}})
//
// The layer owns the C glue: ABI negotiation, result memory (released by the
// plugin's own allocator), and the rule that no exception crosses the ABI.
#pragma once

#include <toolhost/plugin.h>

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolhost::sdk {

inline std::string_view view(th_str s) { return s.data ? std::string_view(s.data, s.size) : ""; }
inline th_str str(std::string_view s) { return th_str{s.data(), s.size()}; }

// One tool result: success with structured output, or a failure carrying a
// reason code and an operator-only detail. Model-facing text for failures is
// never the plugin's: the host renders it from its message table.
class Result {
 public:
  static Result ok(std::string output_json, std::string content,
                   th_trust trust = TH_TRUST_AS_DECLARED) {
    Result r;
    r.ok_ = true;
    r.output_json_ = std::move(output_json);
    r.content_ = std::move(content);
    r.trust_ = trust;
    return r;
  }
  static Result fail(std::string reason_code, std::string detail = {}) {
    Result r;
    r.ok_ = false;
    r.reason_code_ = std::move(reason_code);
    r.detail_ = std::move(detail);
    return r;
  }

  bool is_ok() const { return ok_; }
  const std::string& output_json() const { return output_json_; }
  const std::string& content() const { return content_; }
  th_trust trust() const { return trust_; }
  const std::string& reason_code() const { return reason_code_; }
  const std::string& detail() const { return detail_; }

 private:
  bool ok_ = false;
  std::string output_json_, content_, reason_code_, detail_;
  th_trust trust_ = TH_TRUST_AS_DECLARED;
};

struct Call {
  std::string_view tool;
  std::string_view version;
  std::string_view arguments_json;
  std::string_view invocation_id;
  std::string_view session_id;
};

// The host's services for one call. Every accessor copes with a service the
// host did not grant (it answers TH_SERVICE_UNAVAILABLE or a neutral value).
class Context {
 public:
  explicit Context(const th_host_services* services) : s_(services) {}

  bool has(size_t field_offset_end) const {
    return s_ != nullptr && s_->struct_size >= field_offset_end;
  }

  // Microseconds since the Unix epoch, UTC. The only clock a plugin has.
  std::optional<int64_t> now_utc_us() const {
    if (!s_ || !s_->clock_now_utc_us) return std::nullopt;
    return s_->clock_now_utc_us(s_->host);
  }
  bool cancelled() const { return s_ && s_->is_cancelled && s_->is_cancelled(s_->host) != 0; }
  int64_t deadline_remaining_us() const {
    return (s_ && s_->deadline_remaining_us) ? s_->deadline_remaining_us(s_->host) : INT64_MAX;
  }
  void log(th_log_level level, std::string_view message) const {
    if (s_ && s_->log) s_->log(s_->host, level, str(message));
  }
  std::optional<std::string> credential(std::string_view name) const {
    if (!s_ || !s_->credential_lookup) return std::nullopt;
    std::string secret;
    if (s_->credential_lookup(s_->host, str(name), sink_for(secret)) != TH_SERVICE_OK)
      return std::nullopt;
    return secret;
  }

  // Streams a workspace file chunk by chunk to `on_chunk` (return false to stop).
  th_service_status workspace_read(std::string_view path,
                                   const std::function<bool(std::string_view)>& on_chunk,
                                   uint64_t* size = nullptr) const {
    if (!s_ || !s_->workspace_read) return TH_SERVICE_UNAVAILABLE;
    uint64_t ignored = 0;
    th_sink sink{const_cast<std::function<bool(std::string_view)>*>(&on_chunk),
                 [](void* c, const char* d, size_t n) -> int32_t {
                   auto* fn = static_cast<std::function<bool(std::string_view)>*>(c);
                   return (*fn)(std::string_view(d, n)) ? 0 : 1;
                 }};
    return static_cast<th_service_status>(
        s_->workspace_read(s_->host, str(path), sink, size ? size : &ignored));
  }
  th_service_status workspace_write(std::string_view path, std::string_view content,
                                    th_write_outcome* outcome) const {
    if (!s_ || !s_->workspace_write) return TH_SERVICE_UNAVAILABLE;
    outcome->struct_size = sizeof(th_write_outcome);
    return static_cast<th_service_status>(
        s_->workspace_write(s_->host, str(path), str(content), outcome));
  }
  th_service_status workspace_list(std::string_view path, bool recursive, uint32_t max_entries,
                                   std::string* json) const {
    if (!s_ || !s_->workspace_list) return TH_SERVICE_UNAVAILABLE;
    return static_cast<th_service_status>(s_->workspace_list(
        s_->host, str(path), recursive ? 1 : 0, max_entries, sink_for(*json)));
  }
  th_service_status workspace_provenance(std::string_view path, th_provenance* out) const {
    if (!s_ || !s_->workspace_provenance) return TH_SERVICE_UNAVAILABLE;
    int32_t p = TH_PROVENANCE_UNKNOWN;
    auto st = static_cast<th_service_status>(s_->workspace_provenance(s_->host, str(path), &p));
    *out = static_cast<th_provenance>(p);
    return st;
  }

  // Artifact writer, run-bound.
  th_service_status artifact_begin(std::string_view meta_json, uint64_t* writer) const {
    if (!s_ || !s_->artifact_begin) return TH_SERVICE_UNAVAILABLE;
    return static_cast<th_service_status>(s_->artifact_begin(s_->host, str(meta_json), writer));
  }
  th_service_status artifact_append(uint64_t writer, std::string_view bytes) const {
    if (!s_ || !s_->artifact_append) return TH_SERVICE_UNAVAILABLE;
    return static_cast<th_service_status>(s_->artifact_append(s_->host, writer, str(bytes)));
  }
  th_service_status artifact_commit(uint64_t writer, std::string* ref_json) const {
    if (!s_ || !s_->artifact_commit) return TH_SERVICE_UNAVAILABLE;
    return static_cast<th_service_status>(
        s_->artifact_commit(s_->host, writer, sink_for(*ref_json)));
  }
  void artifact_abort(uint64_t writer) const {
    if (s_ && s_->artifact_abort) s_->artifact_abort(s_->host, writer);
  }
  th_service_status artifact_resolve(std::string_view id, std::string* bytes,
                                     std::string* ref_json) const {
    if (!s_ || !s_->artifact_resolve) return TH_SERVICE_UNAVAILABLE;
    return static_cast<th_service_status>(
        s_->artifact_resolve(s_->host, str(id), sink_for(*bytes), sink_for(*ref_json)));
  }

  const th_host_services* raw() const { return s_; }

  static th_sink sink_for(std::string& target) {
    return th_sink{&target, [](void* c, const char* d, size_t n) -> int32_t {
                     static_cast<std::string*>(c)->append(d, n);
                     return 0;
                   }};
  }

 private:
  const th_host_services* s_;
};

using Handler = std::function<Result(const Call&, Context&)>;

struct ToolBinding {
  std::string name;     // empty: every tool of the manifest (a catch-all handler)
  std::string version;  // empty: every version of `name` in the manifest
  Handler handler;
};

// A plugin: its manifest (the JSON the host registers) and one handler per
// tool version. Instantiate once, through TOOLHOST_PLUGIN.
class Plugin {
 public:
  Plugin(std::string_view manifest_json, std::vector<ToolBinding> tools)
      : manifest_(manifest_json), tools_(std::move(tools)) {
    table_.struct_size = sizeof(th_plugin_v1);
    table_.abi_version = TOOLHOST_ABI_VERSION;
    table_.self = this;
    table_.manifest = [](void* self) -> th_str {
      return str(static_cast<Plugin*>(self)->manifest_);
    };
    table_.invoke = &Plugin::invoke_thunk;
    table_.shutdown = nullptr;
  }
  Plugin(const Plugin&) = delete;
  Plugin& operator=(const Plugin&) = delete;

  int32_t entry(const th_host_offer* offer, const th_plugin_v1** out) {
    if (!offer || !out || offer->struct_size < sizeof(uint32_t) * 3) return TH_ENTRY_FAILED;
    if (offer->abi_min > TOOLHOST_ABI_VERSION || offer->abi_max < TOOLHOST_ABI_VERSION)
      return TH_ENTRY_ABI_UNSUPPORTED;
    *out = &table_;
    return TH_ENTRY_OK;
  }

 private:
  struct Owned {
    Result result;
  };

  static void fill(th_invoke_result* out, Result&& r) {
    auto* owned = new Owned{std::move(r)};
    const Result& res = owned->result;
    out->status = res.is_ok() ? TH_INVOKE_OK : TH_INVOKE_FAILED;
    out->output_json = str(res.output_json());
    out->content = str(res.content());
    out->output_trust = res.trust();
    out->reason_code = str(res.reason_code());
    out->detail = str(res.detail());
    out->release = [](void* c) { delete static_cast<Owned*>(c); };
    out->release_context = owned;
  }

  static int32_t invoke_thunk(void* self, const th_invoke_request* req,
                              const th_host_services* services, th_invoke_result* out) noexcept {
    if (!self || !req || !out) return 1;
    try {
      auto* plugin = static_cast<Plugin*>(self);
      Call call{view(req->tool_name), view(req->tool_version), view(req->arguments_json),
                view(req->invocation_id), view(req->session_id)};
      Context ctx(services);
      for (const auto& t : plugin->tools_) {
        if ((t.name.empty() || t.name == call.tool) &&
            (t.version.empty() || t.version == call.version)) {
          fill(out, t.handler(call, ctx));
          return 0;
        }
      }
      fill(out, Result::fail("tool.not_found.unknown_tool", std::string(call.tool)));
      return 0;
    } catch (const std::exception& e) {
      try {
        fill(out, Result::fail("tool.plugin_fault.uncaught_exception", e.what()));
        return 0;
      } catch (...) {
        return 1;
      }
    } catch (...) {
      return 1;
    }
  }

  std::string manifest_;
  std::vector<ToolBinding> tools_;
  th_plugin_v1 table_{};
};

}  // namespace toolhost::sdk

// Defines the plugin's one exported entry point. The plugin object is built
// on first use and lives until the library is unloaded.
#define TOOLHOST_PLUGIN(manifest_json, ...)                                                  \
  extern "C" TOOLHOST_EXPORT int32_t toolhost_plugin_entry(const th_host_offer* offer,       \
                                                           const th_plugin_v1** plugin) {    \
    try {                                                                                    \
      static ::toolhost::sdk::Plugin instance((manifest_json),                               \
                                              std::vector<::toolhost::sdk::ToolBinding>(     \
                                                  __VA_ARGS__));                             \
      return instance.entry(offer, plugin);                                                  \
    } catch (...) {                                                                          \
      return TH_ENTRY_FAILED;                                                                \
    }                                                                                        \
  }
