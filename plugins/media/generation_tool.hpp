// image.generate and video.generate, every version: arguments, references
// (1.1.0), the credential, then one provider stream into a run-bound
// MODEL_OUTPUT artifact writer that is committed only when the whole stream
// passed every check.
#pragma once

#include <toolhost/plugin.hpp>

#include <functional>
#include <memory>
#include <string>

#include "media_generation_provider.hpp"

namespace toolhost::media {

// Builds the provider for one call from the resolved secret; null when it
// cannot (the call then fails provider_unavailable).
using ProviderFactory = std::function<std::unique_ptr<MediaGenerationProvider>(
    const toolhost::sdk::Context& ctx, std::string api_key)>;

// The credential reference whose secret authenticates the provider.
inline constexpr std::string_view kCredentialReference = "tensorscale";

struct ToolVersion {
  bool accepts_references = false;  // 1.1.0
};

toolhost::sdk::Result generate_image(const toolhost::sdk::Call& call, toolhost::sdk::Context& ctx,
                                     const ProviderFactory& providers, ToolVersion version);
toolhost::sdk::Result generate_video(const toolhost::sdk::Call& call, toolhost::sdk::Context& ctx,
                                     const ProviderFactory& providers, ToolVersion version);

}  // namespace toolhost::media
