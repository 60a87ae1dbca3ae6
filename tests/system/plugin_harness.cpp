#include "plugin_harness.hpp"

#include <dlfcn.h>

namespace toolhost::test {
namespace {

struct FixedClockHost {
  int64_t now_utc_us;
};

int64_t fixed_now(void* host) {
  return static_cast<FixedClockHost*>(host)->now_utc_us;
}

std::string copy(th_str s) {
  return s.data ? std::string(s.data, s.size) : std::string();
}
th_str str(std::string_view s) {
  return th_str{s.data(), s.size()};
}

}  // namespace

LoadedPlugin::LoadedPlugin(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    error_ = dlerror();
    return;
  }
  auto entry = reinterpret_cast<th_plugin_entry_fn>(dlsym(handle_, TOOLHOST_ENTRY_SYMBOL));
  if (!entry) {
    error_ = "no entry symbol";
    return;
  }
  const std::string host_version = "test";
  th_host_offer offer{sizeof(th_host_offer), TOOLHOST_ABI_VERSION, TOOLHOST_ABI_VERSION,
                      str(host_version)};
  const int32_t status = entry(&offer, &table_);
  if (status != TH_ENTRY_OK || !table_) error_ = "entry refused: " + std::to_string(status);
}

LoadedPlugin::~LoadedPlugin() {
  if (table_ && table_->shutdown) table_->shutdown(table_->self);
  if (handle_) dlclose(handle_);
}

std::string_view LoadedPlugin::manifest() const {
  const th_str m = table_->manifest(table_->self);
  return std::string_view(m.data, m.size);
}

Outcome LoadedPlugin::invoke(std::string_view tool, std::string_view arguments_json,
                             std::optional<int64_t> now_utc_us) const {
  FixedClockHost host{now_utc_us.value_or(0)};
  th_host_services services{};
  services.struct_size = sizeof(th_host_services);
  services.host = &host;
  services.clock_now_utc_us = now_utc_us ? &fixed_now : nullptr;

  const std::string version = "1.0.0", invocation = "inv-1", session = "ses-1";
  th_invoke_request request{sizeof(th_invoke_request), str(tool),       str(version),
                            str(arguments_json),       str(invocation), str(session)};
  th_invoke_result result{};
  result.struct_size = sizeof(th_invoke_result);
  Outcome outcome;
  outcome.invoke_return = table_->invoke(table_->self, &request, &services, &result);
  if (outcome.invoke_return != 0) return outcome;
  outcome.status = result.status;
  outcome.output_json = copy(result.output_json);
  outcome.content = copy(result.content);
  outcome.reason_code = copy(result.reason_code);
  outcome.detail = copy(result.detail);
  if (result.release) result.release(result.release_context);
  return outcome;
}

}  // namespace toolhost::test
