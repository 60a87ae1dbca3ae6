#include "generation_tool.hpp"

#include <boost/json.hpp>
#include <optional>

#include "media_limits.hpp"
#include "reason_codes.hpp"
#include "reference_loader.hpp"

namespace toolhost::media {

namespace json = boost::json;
using toolhost::sdk::Call;
using toolhost::sdk::Context;
using toolhost::sdk::Result;

namespace {

// The arguments both tools share, as the pipeline validated them (defaults
// applied). A shape the schema would have refused is an internal error here.
struct CommonArguments {
  std::string prompt;
  std::optional<int64_t> seed;
  std::string size;
  std::vector<std::string> reference_ids;
  json::object object;
};

std::optional<CommonArguments> parse_arguments(std::string_view text, bool accepts_references) {
  boost::system::error_code ec;
  json::value parsed = json::parse(text, ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  CommonArguments args;
  args.object = std::move(parsed.as_object());
  const auto* prompt = args.object.if_contains("prompt");
  const auto* size = args.object.if_contains("size");
  if (!prompt || !prompt->is_string() || !size || !size->is_string()) return std::nullopt;
  args.prompt = std::string(prompt->as_string());
  args.size = std::string(size->as_string());
  if (const auto* seed = args.object.if_contains("seed")) {
    if (!seed->is_int64() && !seed->is_uint64()) return std::nullopt;
    args.seed = seed->to_number<int64_t>();
  }
  if (const auto* refs = args.object.if_contains("reference_image_ids")) {
    if (!accepts_references || !refs->is_array()) return std::nullopt;
    for (const auto& id : refs->as_array()) {
      if (!id.is_string()) return std::nullopt;
      args.reference_ids.emplace_back(id.as_string());
    }
  }
  return args;
}

CallControl control_of(const Context& ctx) {
  return CallControl{[&ctx] { return ctx.cancelled(); },
                     [&ctx] { return ctx.deadline_remaining_us(); }};
}

Result fail(std::string_view code, std::string detail) {
  return Result::fail(std::string(code), std::move(detail));
}

struct MediaKind {
  const char* noun;        // "image" / "video"
  const char* extension;   // ".png" / ".mp4"
  const char* media_type;  // what the provider must deliver
  uint64_t max_bytes;
};

constexpr MediaKind kImage{"image", ".png", "image/png", kMaxImageBytes};
constexpr MediaKind kVideo{"video", ".mp4", "video/mp4", kMaxVideoBytes};

// Streams one generation into a new MODEL_OUTPUT artifact; aborts it on any
// failure so a failed or interrupted stream publishes nothing.
template <class Generate>
Result stream_into_artifact(const Call& call, Context& ctx, const ProviderFactory& providers,
                            const MediaKind& kind, Generate&& generate) {
  auto secret = ctx.credential(kCredentialReference);
  if (!secret)
    return fail(reason::kProviderUnavailable, "credential \"tensorscale\" does not resolve");
  std::unique_ptr<MediaGenerationProvider> provider = providers(ctx, std::move(*secret));
  if (!provider) return fail(reason::kProviderUnavailable, "no provider could be configured");

  // The platform chooses the file name; nothing of the prompt reaches it.
  const json::object meta{
      {"name", std::string(kind.noun) + "-" + std::string(call.invocation_id) + kind.extension},
      {"media_type", kind.media_type},
      {"origin", "MODEL_OUTPUT"},
      {"provenance", "external_untrusted"},
      {"max_bytes", static_cast<int64_t>(kind.max_bytes)}};
  uint64_t writer = 0;
  if (const auto st = ctx.artifact_begin(json::serialize(meta), &writer); st != TH_SERVICE_OK)
    return fail(st == TH_SERVICE_UNAVAILABLE ? reason::kNotGranted : reason::kInternal,
                "artifact_begin answered " + std::to_string(st));

  th_service_status append_status = TH_SERVICE_OK;
  const ByteSink sink = [&](std::string_view chunk) {
    append_status = ctx.artifact_append(writer, chunk);
    return append_status == TH_SERVICE_OK;
  };
  GenerationOutcome outcome = generate(*provider, sink, control_of(ctx));
  provider->close();
  if (!outcome.ok()) {
    ctx.artifact_abort(writer);
    if (outcome.error == GenerationError::sink_refused && append_status == TH_SERVICE_TOO_LARGE)
      return fail(reason::kGeneratedTooLarge, "the artifact writer's limit was reached");
    return fail(reason::for_error(outcome.error), std::move(outcome.detail));
  }
  if (outcome.media_type != kind.media_type) {
    ctx.artifact_abort(writer);
    return fail(reason::kProviderResponse, "unexpected media type");
  }
  std::string ref_json;
  if (const auto st = ctx.artifact_commit(writer, &ref_json); st != TH_SERVICE_OK)
    return fail(st == TH_SERVICE_TOO_LARGE ? reason::kGeneratedTooLarge : reason::kInternal,
                "artifact_commit answered " + std::to_string(st));
  boost::system::error_code ec;
  json::value ref = json::parse(ref_json, ec);
  if (ec || !ref.is_object()) return fail(reason::kInternal, "artifact_commit gave no reference");
  const json::object output{{"artifact", std::move(ref)}, {"attached", true}};
  return Result::ok(json::serialize(output),
                    std::string("The generated ") + kind.noun + " is attached to the reply.",
                    TH_TRUST_EXTERNAL_UNTRUSTED);
}

}  // namespace

Result generate_image(const Call& call, Context& ctx, const ProviderFactory& providers,
                      ToolVersion version) {
  auto args = parse_arguments(call.arguments_json, version.accepts_references);
  if (!args) return fail(reason::kInternal, "arguments do not have the validated shape");
  ImageRequest request{args->prompt, args->seed, args->size, {}};
  if (!args->reference_ids.empty()) {
    auto refs = load_references(
        args->reference_ids,
        {kMaxImageReferences, kMaxImageReferenceBytes, kMaxImageReferencesTotalBytes}, ctx);
    if (!refs.ok()) return fail(refs.reason_code, std::move(refs.detail));
    request.references = std::move(refs.images);
  }
  return stream_into_artifact(
      call, ctx, providers, kImage,
      [&](MediaGenerationProvider& p, const ByteSink& sink, const CallControl& control) {
        return p.generate_image(request, sink, control);
      });
}

Result generate_video(const Call& call, Context& ctx, const ProviderFactory& providers,
                      ToolVersion version) {
  auto args = parse_arguments(call.arguments_json, version.accepts_references);
  if (!args) return fail(reason::kInternal, "arguments do not have the validated shape");
  const auto* duration = args->object.if_contains("duration_seconds");
  if (!duration || !duration->is_int64() ||
      (duration->as_int64() != 5 && duration->as_int64() != 10))
    return fail(reason::kInternal, "duration_seconds does not have the validated shape");
  VideoRequest request{args->prompt, args->seed, args->size, duration->as_int64(), {}};
  if (!args->reference_ids.empty()) {
    auto refs = load_references(
        args->reference_ids,
        {kMaxVideoReferences, kMaxVideoReferenceBytes, kMaxVideoReferencesTotalBytes}, ctx);
    if (!refs.ok()) return fail(refs.reason_code, std::move(refs.detail));
    request.references = std::move(refs.images);
  }
  return stream_into_artifact(
      call, ctx, providers, kVideo,
      [&](MediaGenerationProvider& p, const ByteSink& sink, const CallControl& control) {
        return p.generate_video(request, sink, control);
      });
}

}  // namespace toolhost::media
