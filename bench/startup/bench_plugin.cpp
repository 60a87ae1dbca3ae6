// A plugin for the startup benchmark: copied N times into a directory, each
// copy declares two tools at two versions named after its own file, so every
// copy registers distinct (name, version) pairs.
#include <toolhost/plugin.h>

#include <dlfcn.h>

#include <string>

namespace {

std::string tool_spec(const std::string& name, const char* version) {
  return R"({"name":")" + name + R"(","version":")" + version +
         R"(","title":"Bench","description":"Startup benchmark tool.","kind":"CAPABILITY",)"
         R"("source":"BUILTIN","target_kind":"in_process","server_id":null,"deprecated":false,)"
         R"("side_effect":"NONE","risk":"LOW","idempotency":"READ_ONLY","output_trust":"INTERNAL_TOOL",)"
         R"("required_scopes":[],"timeout_s":2,"max_output_bytes":4096,"allow_parallel":true,"reason_codes":[],)"
         R"("input_schema":{"type":"object","properties":{"text":{"type":"string","maxLength":100}},"additionalProperties":false},)"
         R"("output_schema":{"type":"object","properties":{"text":{"type":"string"}},"additionalProperties":false}})";
}

std::string build_manifest() {
  Dl_info info{};
  dladdr(reinterpret_cast<void*>(&build_manifest), &info);
  std::string file = info.dli_fname ? info.dli_fname : "bench_0.so";
  auto slash = file.rfind('/');
  std::string stem = file.substr(slash == std::string::npos ? 0 : slash + 1);
  stem = stem.substr(0, stem.find('.'));
  std::string out = "{\"tools\":[";
  const char* versions[] = {"1.0.0", "2.0.0"};
  bool first = true;
  for (const char* tool : {"_a", "_b"}) {
    for (const char* v : versions) {
      if (!first) out += ",";
      first = false;
      out += tool_spec("demo." + stem + tool, v);
    }
  }
  return out + "]}";
}

th_str manifest(void*) {
  static const std::string m = build_manifest();
  return th_str{m.data(), m.size()};
}

int32_t invoke(void*, const th_invoke_request*, const th_host_services*, th_invoke_result*) { return 1; }

const th_plugin_v1 kTable = {sizeof(th_plugin_v1), TOOLHOST_ABI_VERSION, nullptr, &manifest, &invoke, nullptr};

}  // namespace

extern "C" TOOLHOST_EXPORT int32_t toolhost_plugin_entry(const th_host_offer* offer, const th_plugin_v1** plugin) {
  if (offer->abi_min > TOOLHOST_ABI_VERSION || offer->abi_max < TOOLHOST_ABI_VERSION) return TH_ENTRY_ABI_UNSUPPORTED;
  *plugin = &kTable;
  return TH_ENTRY_OK;
}
