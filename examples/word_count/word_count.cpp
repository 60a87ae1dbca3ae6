// acme.word_count: counts the words of a text. A complete toolhost plugin.
#include <toolhost/plugin.hpp>

#include <boost/json.hpp>
#include <cctype>

namespace json = boost::json;
using toolhost::sdk::Call;
using toolhost::sdk::Context;
using toolhost::sdk::Result;

// The ToolSpec the host registers. Every object schema is closed
// (additionalProperties: false); the host validates arguments before invoke
// and the output after it, so the handler can trust its input's shape.
static constexpr char kManifest[] = R"({"tools": [{
  "name": "acme.word_count", "version": "1.0.0",
  "description": "Counts the words (runs of non-space characters) in a text.",
  "kind": "CAPABILITY", "source": "PLUGIN", "target_kind": "in_process", "server_id": null,
  "deprecated": false, "side_effect": "NONE", "risk": "LOW", "idempotency": "READ_ONLY",
  "output_trust": "INTERNAL_TOOL", "required_scopes": [], "timeout_s": 5,
  "max_output_bytes": 4096, "allow_parallel": true, "reason_codes": [],
  "input_schema": {"type": "object", "required": ["text"], "additionalProperties": false,
                   "properties": {"text": {"type": "string", "maxLength": 1000000}}},
  "output_schema": {"type": "object", "required": ["words"], "additionalProperties": false,
                    "properties": {"words": {"type": "integer", "minimum": 0}}}
}]})";

static Result word_count(const Call& call, Context&) {
  auto text = json::parse(call.arguments_json).at("text").as_string();
  size_t words = 0;
  bool in_word = false;
  for (unsigned char c : text) {
    bool space = std::isspace(c) != 0;
    words += !space && !in_word;
    in_word = !space;
  }
  return Result::ok(json::serialize(json::object{{"words", words}}),
                    std::to_string(words) + " words");
}

TOOLHOST_PLUGIN(kManifest, {{"acme.word_count", "1.0.0", &word_count}})
