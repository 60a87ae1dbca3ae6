#include "external_write.hpp"

#include "sha256_checksum.hpp"

#include <boost/json.hpp>

namespace toolhost::demo_plugin {

sdk::Result external_write(const sdk::Call& call, sdk::Context&) {
  // The host validated the arguments against the input schema; a body that
  // still cannot read them reports a schema failure rather than guessing.
  boost::system::error_code error;
  const auto arguments = boost::json::parse(call.arguments_json, error);
  const auto* object = error ? nullptr : arguments.if_object();
  const auto* destination = object ? object->if_contains("destination") : nullptr;
  const auto* content = object ? object->if_contains("content") : nullptr;
  if (!destination || !destination->is_string() || !content || !content->is_string())
    return sdk::Result::fail("tool.invalid_arguments.schema",
                             "external_write: destination, content");

  const auto& bytes = content->as_string();
  boost::json::object output;
  output["recorded"] = true;
  output["destination"] = destination->as_string();
  output["byte_count"] = bytes.size();
  output["checksum"] = sha256_checksum({bytes.data(), bytes.size()});
  std::string json = boost::json::serialize(output);
  std::string model_content = json;
  return sdk::Result::ok(std::move(json), std::move(model_content));
}

}  // namespace toolhost::demo_plugin
