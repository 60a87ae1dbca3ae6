#pragma once

#include <string>
#include <string_view>

namespace toolhost::demo_plugin {

// "sha256:" + lowercase hex of SHA-256 over `bytes`: the workspace tools'
// checksum form.
std::string sha256_checksum(std::string_view bytes);

}  // namespace toolhost::demo_plugin
