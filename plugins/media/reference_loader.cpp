#include "reference_loader.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "media_signature.hpp"
#include "reason_codes.hpp"
#include "response_checks.hpp"

namespace toolhost::media {

namespace json = boost::json;

namespace {

// Collects one artifact's bytes, stopping the host's stream past `limit`.
struct BoundedBytes {
  std::string bytes;
  uint64_t limit = 0;
  bool overflowed = false;

  th_sink sink() {
    return th_sink{this, [](void* self, const char* data, size_t size) -> int32_t {
                     auto* b = static_cast<BoundedBytes*>(self);
                     if (size > b->limit - b->bytes.size()) {
                       b->overflowed = true;
                       return 1;
                     }
                     b->bytes.append(data, size);
                     return 0;
                   }};
  }
};

ReferenceLoad refuse(std::string_view code, std::string detail) {
  ReferenceLoad load;
  load.reason_code = std::string(code);
  load.detail = std::move(detail);
  return load;
}

std::string declared_media_type(const std::string& ref_json) {
  boost::system::error_code ec;
  const auto parsed = json::parse(ref_json, ec);
  if (ec || !parsed.is_object()) return {};
  const auto* type = parsed.as_object().if_contains("media_type");
  return (type && type->is_string()) ? std::string(type->as_string()) : std::string();
}

bool is_reference_type(SniffedType t) {
  return t == SniffedType::png || t == SniffedType::jpeg || t == SniffedType::webp;
}

bool declared_matches(const std::string& declared, SniffedType sniffed) {
  if (content_type_matches(declared, media_type_name(sniffed))) return true;
  return sniffed == SniffedType::jpeg && content_type_matches(declared, "image/jpg");
}

}  // namespace

bool looks_like_artifact_id(std::string_view id) {
  constexpr std::string_view prefix = "art_";
  if (!id.starts_with(prefix)) return false;
  const auto uuid = id.substr(prefix.size());
  if (uuid.size() != 36) return false;
  for (size_t i = 0; i < uuid.size(); ++i) {
    const char c = uuid[i];
    const bool dash_position = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash_position ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
      return false;
  }
  return true;
}

ReferenceLoad load_references(const std::vector<std::string>& ids, const ReferenceLimits& limits,
                              const toolhost::sdk::Context& ctx) {
  if (ids.size() > limits.max_count)
    return refuse(reason::kReferenceTooLarge, std::to_string(ids.size()) + " references; at most " +
                                                  std::to_string(limits.max_count));
  for (size_t i = 0; i < ids.size(); ++i)
    if (!looks_like_artifact_id(ids[i]))
      return refuse(reason::kReferenceUnavailable,
                    "reference " + std::to_string(i + 1) + " is not an artifact id");
  const th_host_services* services = ctx.raw();
  if (!ids.empty() && (!services || !services->artifact_resolve))
    return refuse(reason::kNotGranted, "artifact_resolve is not granted");

  ReferenceLoad load;
  uint64_t total = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::string which = "reference " + std::to_string(i + 1);
    if (ctx.deadline_remaining_us() <= 0)
      return refuse(reason::kProviderTimeout, "deadline passed while reading references");
    if (ctx.cancelled()) return refuse(reason::kCancelled, "cancelled while reading references");
    BoundedBytes body;
    const bool aggregate_binds = limits.max_total_bytes - total < limits.max_each_bytes;
    body.limit = std::min(limits.max_each_bytes, limits.max_total_bytes - total);
    std::string ref_json;
    const auto status =
        services->artifact_resolve(services->host, th_str{ids[i].data(), ids[i].size()},
                                   body.sink(), toolhost::sdk::Context::sink_for(ref_json));
    if (body.overflowed)
      return refuse(reason::kReferenceTooLarge,
                    which +
                        (aggregate_binds ? " passes the aggregate bound of " +
                                               std::to_string(limits.max_total_bytes)
                                         : " passes " + std::to_string(limits.max_each_bytes)) +
                        " bytes");
    switch (status) {
      case TH_SERVICE_OK:
        break;
      case TH_SERVICE_CANCELLED:
        return refuse(reason::kCancelled, which + ": read cancelled");
      case TH_SERVICE_UNAVAILABLE:
        return refuse(reason::kNotGranted, "artifact_resolve unavailable");
      default:
        // Not found, expired, ineligible origin, checksum failure: one answer.
        return refuse(reason::kReferenceUnavailable,
                      which + " is not available (status " + std::to_string(status) + ")");
    }
    const SniffedType sniffed = sniff_media_type(body.bytes);
    if (!is_reference_type(sniffed))
      return refuse(reason::kReferenceUnsupported, which + " is not a PNG, JPEG or WebP image");
    if (!declared_matches(declared_media_type(ref_json), sniffed))
      return refuse(reason::kReferenceUnsupported,
                    which + "'s declared media type does not match its signature");
    total += body.bytes.size();
    load.images.push_back(
        ReferenceImage{std::string(media_type_name(sniffed)), std::move(body.bytes)});
  }
  return load;
}

}  // namespace toolhost::media
