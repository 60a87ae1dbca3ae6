// The media plugin: image.generate and video.generate at 1.0.0 (text only,
// kept for pinned sessions) and 1.1.0 (adds reference_image_ids), served by
// the TensorScale adapter.
//
// Built twice from this file: `media` (the builtin) always talks to the fixed
// production endpoint; `media_test_endpoint` (tests only, never installed)
// is compiled with TOOLHOST_MEDIA_TEST_ENDPOINT and additionally honours the
// credential references "tensorscale.test_base_url" and
// "tensorscale.test_trust_anchors" so the suite can reach its local HTTPS
// server. No build reads the environment: everything arrives through the
// host's credential service.
#include <toolhost/plugin.hpp>

#include "generation_tool.hpp"
#include "tensorscale_adapter.hpp"
#include "tensorscale_endpoint.hpp"
#include "toolhost_manifest_json.hpp"

namespace {

using toolhost::sdk::Call;
using toolhost::sdk::Context;
using toolhost::sdk::Result;
namespace media = toolhost::media;

std::unique_ptr<media::MediaGenerationProvider> tensorscale(const Context& ctx,
                                                            std::string api_key) {
  media::TensorScaleEndpoint endpoint = media::production_endpoint();
#ifdef TOOLHOST_MEDIA_TEST_ENDPOINT
  if (auto url = ctx.credential("tensorscale.test_base_url")) {
    auto local = media::endpoint_from_base_url(*url);
    if (!local) return nullptr;
    endpoint.host = local->host;
    endpoint.port = local->port;
  }
  endpoint.trust_anchors_pem = ctx.credential("tensorscale.test_trust_anchors");
#else
  (void)ctx;
#endif
  return std::make_unique<media::TensorScaleAdapter>(std::move(endpoint), std::move(api_key));
}

Result image_v1_0(const Call& call, Context& ctx) {
  return media::generate_image(call, ctx, &tensorscale, {.accepts_references = false});
}
Result image_v1_1(const Call& call, Context& ctx) {
  return media::generate_image(call, ctx, &tensorscale, {.accepts_references = true});
}
Result video_v1_0(const Call& call, Context& ctx) {
  return media::generate_video(call, ctx, &tensorscale, {.accepts_references = false});
}
Result video_v1_1(const Call& call, Context& ctx) {
  return media::generate_video(call, ctx, &tensorscale, {.accepts_references = true});
}

}  // namespace

TOOLHOST_PLUGIN(toolhost_embedded::toolhost_manifest_json,
                {{"image.generate", "1.0.0", &image_v1_0},
                 {"image.generate", "1.1.0", &image_v1_1},
                 {"video.generate", "1.0.0", &video_v1_0},
                 {"video.generate", "1.1.0", &video_v1_1}})
