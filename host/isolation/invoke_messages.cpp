#include "isolation/invoke_messages.hpp"

#include "isolation/wire_fields.hpp"

namespace toolhost::isolation {

std::string encode(const InvokeMessage& m) {
  FieldWriter w;
  w.bytes(m.tool_name)
      .bytes(m.tool_version)
      .bytes(m.arguments_json)
      .bytes(m.invocation_id)
      .bytes(m.session_id);
  return w.payload();
}

std::string encode(const ResultMessage& m) {
  FieldWriter w;
  w.u64(m.filled ? 1 : 0).i64(m.status).bytes(m.output_json).bytes(m.content).i64(m.output_trust);
  w.bytes(m.reason_code).bytes(m.detail);
  return w.payload();
}

std::optional<InvokeMessage> decode_invoke(const std::string& payload) {
  FieldReader r(payload);
  InvokeMessage m;
  if (!r.bytes(m.tool_name) || !r.bytes(m.tool_version) || !r.bytes(m.arguments_json) ||
      !r.bytes(m.invocation_id) || !r.bytes(m.session_id))
    return std::nullopt;
  return m;
}

std::optional<ResultMessage> decode_result(const std::string& payload) {
  FieldReader r(payload);
  ResultMessage m;
  uint64_t filled = 0;
  if (!r.u64(filled) || filled > 1 || !r.i32(m.status) || !r.bytes(m.output_json) ||
      !r.bytes(m.content) || !r.i32(m.output_trust) || !r.bytes(m.reason_code) ||
      !r.bytes(m.detail))
    return std::nullopt;
  m.filled = filled == 1;
  return m;
}

}  // namespace toolhost::isolation
