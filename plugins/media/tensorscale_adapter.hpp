// The TensorScale adapter of the MediaGenerationProvider port: SenseNova
// U1.5 for images (t2i, or edit with references) and LTX-2.5 fast for video,
// Bearer authentication with the secret of credential reference
// "tensorscale". One HTTPS exchange per generation, never retried.
#pragma once

#include <atomic>
#include <string>

#include "media_generation_provider.hpp"
#include "tensorscale_endpoint.hpp"

namespace toolhost::media {

class TensorScaleAdapter final : public MediaGenerationProvider {
 public:
  TensorScaleAdapter(TensorScaleEndpoint endpoint, std::string api_key);
  ~TensorScaleAdapter() override;
  TensorScaleAdapter(const TensorScaleAdapter&) = delete;
  TensorScaleAdapter& operator=(const TensorScaleAdapter&) = delete;

  GenerationOutcome generate_image(const ImageRequest& request, const ByteSink& sink,
                                   const CallControl& control) override;
  GenerationOutcome generate_video(const VideoRequest& request, const ByteSink& sink,
                                   const CallControl& control) override;
  void close() override;

 private:
  TensorScaleEndpoint endpoint_;
  std::string authorization_;
  std::atomic<bool> closed_{false};
};

}  // namespace toolhost::media
