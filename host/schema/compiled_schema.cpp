#include "schema/compiled_schema.hpp"

#include <boost/json.hpp>
#include <valijson/adapters/boost_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "schema/fast_check.hpp"
#include "schema/json_pointer.hpp"

namespace toolhost::schema {

namespace json = boost::json;

struct CompiledSchema::Impl {
  json::value source;
  valijson::Schema schema;
  std::optional<FastCheck> fast;  // for schemas inside its subset
  bool declares_defaults = false;
};

namespace {
bool declares_defaults_at(const json::value& schema);
}  // namespace

CompiledSchema::CompiledSchema(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CompiledSchema::~CompiledSchema() = default;

std::shared_ptr<const CompiledSchema> CompiledSchema::compile(const json::value& schema,
                                                              std::string* error) {
  auto impl = std::make_unique<Impl>();
  impl->source = schema;
  const auto* o = schema.if_object();
  if (!o) {
    if (error) *error = "schema is not a JSON object";
    return nullptr;
  }
  auto version = valijson::SchemaParser::kDraft7;
  if (const auto* d = o->if_contains("$schema");
      d && d->is_string() && d->as_string().find("draft-04") != json::string::npos)
    version = valijson::SchemaParser::kDraft4;
  try {
    valijson::SchemaParser parser(version);
    valijson::adapters::BoostJsonAdapter adapter(impl->source);
    parser.populateSchema(adapter, impl->schema);
  } catch (const std::exception& e) {
    if (error) *error = std::string("schema does not compile: ") + e.what();
    return nullptr;
  }
  impl->fast = FastCheck::compile(impl->source);
  impl->declares_defaults = declares_defaults_at(impl->source);
  return std::shared_ptr<const CompiledSchema>(new CompiledSchema(std::move(impl)));
}

namespace {

// valijson reports a path as {"<root>", "[name]", "[0]"}; render it as a JSON pointer.
std::string to_pointer(const std::vector<std::string>& context) {
  std::string out;
  for (const auto& part : context) {
    if (part == "<root>") continue;
    std::string token = part;
    if (token.size() >= 2 && token.front() == '[' && token.back() == ']')
      token = token.substr(1, token.size() - 2);
    if (token.size() >= 2 && token.front() == '"' && token.back() == '"')
      token = token.substr(1, token.size() - 2);
    out += '/';
    append_pointer_token(out, token);
  }
  return out.empty() ? "/" : out;
}

std::string guess_keyword(const std::string& description) {
  static const char* const kKeywords[] = {"additionalProperties",
                                          "required",
                                          "maxLength",
                                          "minLength",
                                          "maximum",
                                          "minimum",
                                          "maxItems",
                                          "minItems",
                                          "pattern",
                                          "enum",
                                          "const",
                                          "type",
                                          "multipleOf",
                                          "uniqueItems",
                                          "oneOf",
                                          "anyOf",
                                          "allOf",
                                          "not"};
  struct Hint {
    const char* text;
    const char* keyword;
  };
  static const Hint kHints[] = {{"no more than", "maxLength"},
                                {"at least", "minLength"},
                                {"Missing required", "required"},
                                {"not allowed", "additionalProperties"},
                                {"type", "type"},
                                {"enum", "enum"},
                                {"pattern", "pattern"},
                                {"greater than", "maximum"},
                                {"less than", "minimum"}};
  // valijson names the failing constraint in quotes ("... by 'type' constraint").
  for (const char* k : kKeywords)
    if (description.find(std::string("'") + k + "'") != std::string::npos) return k;
  for (const char* k : kKeywords)
    if (description.find(std::string(k) + " ") != std::string::npos) return k;
  for (const auto& h : kHints)
    if (description.find(h.text) != std::string::npos) return h.keyword;
  return "schema";
}

bool apply_defaults_at(const json::value& schema, json::value& instance) {
  const auto* s = schema.if_object();
  auto* inst = instance.if_object();
  if (!s || !inst) return false;
  const auto* props = s->if_contains("properties");
  if (!props || !props->is_object()) return false;
  bool added = false;
  for (const auto& [name, sub] : props->as_object()) {
    auto it = inst->find(name);
    if (it == inst->end()) {
      if (const auto* so = sub.if_object()) {
        if (const auto* def = so->if_contains("default")) {
          inst->emplace(name, *def);
          added = true;
        }
      }
    } else {
      added = apply_defaults_at(sub, it->value()) || added;
    }
  }
  return added;
}

// Whether apply_defaults_at could insert anything under `schema`: it follows
// the same "properties", into every property schema.
bool declares_defaults_at(const json::value& schema) {
  const auto* s = schema.if_object();
  if (!s) return false;
  const auto* props = s->if_contains("properties");
  if (!props || !props->is_object()) return false;
  for (const auto& [name, sub] : props->as_object()) {
    if (const auto* so = sub.if_object(); so && so->contains("default")) return true;
    if (declares_defaults_at(sub)) return true;
  }
  return false;
}

}  // namespace

std::optional<ValidationError> CompiledSchema::validate(const json::value& instance) const {
  auto verdict = FastCheck::Verdict::unsure;
  FastCheck::Failure fast_failure;
  if (impl_->fast) {
    verdict = impl_->fast->check(instance, &fast_failure);
    if (verdict == FastCheck::Verdict::valid) return std::nullopt;
  }
  valijson::adapters::BoostJsonAdapter target(instance);
  if (verdict == FastCheck::Verdict::unsure) {
    // Stop at the first failure and collect nothing.
    valijson::Validator validator;
    if (validator.validate(impl_->schema, target, nullptr)) return std::nullopt;
  }
  valijson::Validator validator;
  valijson::ValidationResults results;
  if (validator.validate(impl_->schema, target, &results)) {
    // Only the fast check can get here: valijson measures a string's length
    // up to its first U+0000, so it passes an over-long string that embeds
    // one. JSON Schema counts every code point; so do we.
    return ValidationError{fast_failure.pointer, fast_failure.keyword, fast_failure.message};
  }
  ValidationError err{"/", "schema", "instance does not match the schema"};
  // The deepest error is the most specific one.
  size_t best_depth = 0;
  for (const auto& e : results) {
    if (e.context.size() >= best_depth) {
      best_depth = e.context.size();
      err = ValidationError{to_pointer(e.context), guess_keyword(e.description), e.description};
    }
  }
  return err;
}

bool CompiledSchema::apply_defaults(json::value& instance) const {
  return apply_defaults_at(impl_->source, instance);
}

bool CompiledSchema::declares_defaults() const {
  return impl_->declares_defaults;
}

const json::value& CompiledSchema::source() const {
  return impl_->source;
}

}  // namespace toolhost::schema
