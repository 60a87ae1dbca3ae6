#include "tensorscale_adapter.hpp"

#include <openssl/crypto.h>

#include "https_exchange.hpp"
#include "media_limits.hpp"
#include "tensorscale_request.hpp"

namespace toolhost::media {

namespace {

HttpsPost post_for(const ProviderRequest& request, const std::string& authorization,
                   SniffedType expected, uint64_t max_bytes) {
  return HttpsPost{request.path,  request.body_json, request.accept,
                   authorization, expected,          max_bytes};
}

}  // namespace

TensorScaleAdapter::TensorScaleAdapter(TensorScaleEndpoint endpoint, std::string api_key)
    : endpoint_(std::move(endpoint)), authorization_("Bearer " + api_key) {
  OPENSSL_cleanse(api_key.data(), api_key.size());
}

TensorScaleAdapter::~TensorScaleAdapter() {
  close();
  // The secret does not outlive the adapter in this process's heap.
  OPENSSL_cleanse(authorization_.data(), authorization_.size());
}

GenerationOutcome TensorScaleAdapter::generate_image(const ImageRequest& request,
                                                     const ByteSink& sink,
                                                     const CallControl& control) {
  if (closed_) return GenerationOutcome::failure(GenerationError::unavailable, "provider closed");
  auto post = post_for(tensorscale_image_request(request), authorization_, SniffedType::png,
                       kMaxImageBytes);
  return post_and_stream(endpoint_, post, sink, control, closed_);
}

GenerationOutcome TensorScaleAdapter::generate_video(const VideoRequest& request,
                                                     const ByteSink& sink,
                                                     const CallControl& control) {
  if (closed_) return GenerationOutcome::failure(GenerationError::unavailable, "provider closed");
  auto post = post_for(tensorscale_video_request(request), authorization_, SniffedType::mp4,
                       kMaxVideoBytes);
  return post_and_stream(endpoint_, post, sink, control, closed_);
}

void TensorScaleAdapter::close() {
  closed_ = true;
}

}  // namespace toolhost::media
