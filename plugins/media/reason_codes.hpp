// The stable reason codes of the media tools (manifests/messages.json holds
// their model-facing text).
#pragma once

#include <string_view>

#include "media_generation_provider.hpp"

namespace toolhost::media::reason {

inline constexpr std::string_view kProviderUnavailable = "tool.unavailable.provider_unavailable";
inline constexpr std::string_view kProviderRejected = "tool.unavailable.provider_rejected";
inline constexpr std::string_view kProviderError = "tool.unavailable.provider_error";
inline constexpr std::string_view kProviderTimeout = "tool.timeout.provider_timeout";
inline constexpr std::string_view kProviderResponse = "tool.output_invalid.provider_response";
inline constexpr std::string_view kGeneratedTooLarge = "tool.output_too_large.generated_too_large";
inline constexpr std::string_view kReferenceUnavailable =
    "tool.invalid_arguments.reference_unavailable";
inline constexpr std::string_view kReferenceUnsupported =
    "tool.invalid_arguments.reference_unsupported";
inline constexpr std::string_view kReferenceTooLarge = "tool.invalid_arguments.reference_too_large";
inline constexpr std::string_view kCancelled = "tool.cancelled.generation_cancelled";
inline constexpr std::string_view kNotGranted = "tool.unavailable.not_granted";
inline constexpr std::string_view kInternal = "tool.internal.error";

constexpr std::string_view for_error(GenerationError error) {
  switch (error) {
    case GenerationError::none:
      break;
    case GenerationError::unavailable:
      return kProviderUnavailable;
    case GenerationError::rejected:
      return kProviderRejected;
    case GenerationError::provider_error:
      return kProviderError;
    case GenerationError::timeout:
      return kProviderTimeout;
    case GenerationError::invalid_response:
      return kProviderResponse;
    case GenerationError::too_large:
      return kGeneratedTooLarge;
    case GenerationError::cancelled:
      return kCancelled;
    case GenerationError::sink_refused:
      return kInternal;
  }
  return kInternal;
}

}  // namespace toolhost::media::reason
