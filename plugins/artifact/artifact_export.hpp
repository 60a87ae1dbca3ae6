// artifact.export: a workspace file (1.0.0, 2.0.0) or text the model wrote
// (2.0.0) becomes an artifact attached to the reply, through the run-bound
// artifact writer the host hands the call.
#pragma once

#include <toolhost/plugin.hpp>

#include <cstddef>

namespace toolhost::artifact_plugin {

// 2.0.0's `content` is at most 1 MiB of UTF-8 bytes.
inline constexpr size_t kMaxTextExportBytes = 1024 * 1024;

sdk::Result export_v1(const sdk::Call& call, sdk::Context& ctx);
sdk::Result export_v2(const sdk::Call& call, sdk::Context& ctx);

}  // namespace toolhost::artifact_plugin
