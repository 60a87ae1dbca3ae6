#include "plugin_harness.hpp"

#include <boost/json.hpp>

#include <dlfcn.h>

#include <stdexcept>

#include "loader/plugin_call.hpp"

namespace toolhost::workspace_test {

LoadedPlugin::LoadedPlugin(const std::string& file_name) {
  const std::string path = std::string(TOOLHOST_BUILTIN_PLUGIN_DIR) + "/" + file_name;
  library_ = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library_) throw std::runtime_error(std::string("dlopen: ") + ::dlerror());
  auto entry = reinterpret_cast<th_plugin_entry_fn>(::dlsym(library_, TOOLHOST_ENTRY_SYMBOL));
  if (!entry) throw std::runtime_error("no entry symbol in " + path);
  const th_host_offer offer{
      sizeof(th_host_offer), TOOLHOST_ABI_VERSION, TOOLHOST_ABI_VERSION, {"test", 4}};
  if (entry(&offer, &table_) != TH_ENTRY_OK || !table_)
    throw std::runtime_error("entry refused in " + path);
}

LoadedPlugin::~LoadedPlugin() {
  if (table_ && table_->shutdown) table_->shutdown(table_->self);
  // Left loaded: the plugin's function-local statics register destructors
  // that must not outlive the code they live in.
}

std::string_view LoadedPlugin::manifest() const {
  const th_str m = table_->manifest(table_->self);
  return {m.data, m.size};
}

InvokeOutcome LoadedPlugin::invoke(std::string_view tool, std::string_view arguments_json,
                                   workspace::WorkspaceHandle* handle) const {
  workspace::WorkspaceCallContext context{handle, false};
  th_host_services services{};
  services.struct_size = sizeof services;
  if (handle) workspace::bind_workspace_services(services, context);

  auto called =
      loader::call_plugin(*table_, {tool, "1.0.0", arguments_json, "inv-1", "ses-1"}, &services);
  if (!called.filled) throw std::runtime_error("invoke could not fill a result");
  InvokeOutcome outcome;
  static_cast<loader::PluginCallOutput&>(outcome) = std::move(called);
  outcome.escaped = context.escaped();
  return outcome;
}

std::string json_string(std::string_view text) {
  return boost::json::serialize(boost::json::value(boost::json::string_view(text)));
}

}  // namespace toolhost::workspace_test
