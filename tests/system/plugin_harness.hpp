// Loads a built plugin the way the host does (dlopen, toolhost_plugin_entry,
// ABI negotiation) and invokes it with a host service table whose clock is
// fixed, so tests see exactly what the host would.
#pragma once

#include <toolhost/plugin.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::test {

struct Outcome {
  int32_t invoke_return = 0;  // the invoke function's own return value
  int32_t status = -1;        // th_invoke_status
  std::string output_json;
  std::string content;
  std::string reason_code;
  std::string detail;
};

class LoadedPlugin {
 public:
  // Empty `error()` on success.
  explicit LoadedPlugin(const std::string& path);
  ~LoadedPlugin();
  LoadedPlugin(const LoadedPlugin&) = delete;
  LoadedPlugin& operator=(const LoadedPlugin&) = delete;

  const std::string& error() const { return error_; }
  std::string_view manifest() const;

  // Invokes `tool` 1.0.0 with `arguments_json`; the clock service returns
  // `now_utc_us`, or is absent when it is nullopt.
  Outcome invoke(std::string_view tool, std::string_view arguments_json,
                 std::optional<int64_t> now_utc_us) const;

 private:
  void* handle_ = nullptr;
  const th_plugin_v1* table_ = nullptr;
  std::string error_;
};

}  // namespace toolhost::test
