// Loads a builtin plugin shared object and invokes its tools with a service
// table bound to a WorkspaceHandle, the way the pipeline will.
#pragma once

#include "loader/plugin_call.hpp"
#include "workspace/workspace_services.hpp"

#include <toolhost/plugin.h>

#include <string>
#include <string_view>

namespace toolhost::workspace_test {

struct InvokeOutcome : loader::PluginCallOutput {
  bool escaped = false;  // the call's WorkspaceCallContext saw an escape
};

class LoadedPlugin {
 public:
  // `file_name` inside TOOLHOST_BUILTIN_PLUGIN_DIR, e.g. "workspace.so".
  explicit LoadedPlugin(const std::string& file_name);
  ~LoadedPlugin();
  LoadedPlugin(const LoadedPlugin&) = delete;
  LoadedPlugin& operator=(const LoadedPlugin&) = delete;

  std::string_view manifest() const;
  // `handle` may be null: the call is then granted no workspace services.
  InvokeOutcome invoke(std::string_view tool, std::string_view arguments_json,
                       workspace::WorkspaceHandle* handle) const;

 private:
  void* library_ = nullptr;
  const th_plugin_v1* table_ = nullptr;
};

// JSON string literal for `text` (escaping quotes, control characters).
std::string json_string(std::string_view text);

}  // namespace toolhost::workspace_test
