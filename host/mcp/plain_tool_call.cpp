#include "mcp/plain_tool_call.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value_stack.hpp>

namespace toolhost::mcp {
namespace {

namespace json = boost::json;

// The members the handler knows, and a bit for each in a set of them.
enum class Key : unsigned { none, jsonrpc, id, method, params, name, arguments };
constexpr unsigned bit(Key k) {
  return 1u << static_cast<unsigned>(k);
}

// The events of one document. Depth 1 is the message, 2 its params, 3 and
// deeper the arguments, which go to a value_stack exactly as Boost.JSON's own
// parser builds them. Returning false stops the parse: not a plain call.
class PlainCallHandler {
 public:
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);

  void start() {
    depth_ = 0;
    seen_ = 0;
    key_ = Key::none;
    text_.clear();
    // Cleared member by member: assigning a whole PlainToolCall move-assigns
    // its JSON values, which costs a storage check and a swap each.
    call_.id = nullptr;
    call_.name.clear();
    call_.arguments = nullptr;
  }
  bool complete() const {
    constexpr unsigned kRequired =
        bit(Key::jsonrpc) | bit(Key::id) | bit(Key::method) | bit(Key::params) | bit(Key::name);
    return depth_ == 0 && (seen_ & kRequired) == kRequired;
  }
  PlainToolCall take() {
    if (!(seen_ & bit(Key::arguments))) call_.arguments.emplace_object();
    return std::move(call_);
  }

  bool on_document_begin(json::error_code&) { return true; }
  bool on_document_end(json::error_code&) { return true; }

  bool on_object_begin(json::error_code& ec) {
    if (depth_ >= 3) return ++depth_, true;
    if (depth_ == 0) return depth_ = 1, true;
    if (depth_ == 1 && key_ == Key::params) return depth_ = 2, true;
    if (depth_ == 2 && key_ == Key::arguments) {
      stack_.reset();
      return depth_ = 3, true;
    }
    return decline(ec);
  }
  bool on_object_end(std::size_t n, json::error_code&) {
    if (depth_ >= 3) {
      stack_.push_object(n);
      if (--depth_ == 2) {
        json::value arguments = stack_.release();
        call_.arguments.swap(arguments);  // same storage: a plain swap, unlike move-assignment
      }
      return true;
    }
    --depth_;
    return true;
  }
  bool on_array_begin(json::error_code& ec) {
    if (depth_ >= 3) return ++depth_, true;
    return decline(ec);  // a batch, or an array where the call has none
  }
  bool on_array_end(std::size_t n, json::error_code&) {
    stack_.push_array(n);
    --depth_;
    return true;
  }

  bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
    if (depth_ >= 3) {
      stack_.push_chars(s);
    } else {
      text_.append(s.data(), s.size());
    }
    return true;
  }
  bool on_key(json::string_view s, std::size_t, json::error_code& ec) {
    if (depth_ >= 3) return stack_.push_key(s), true;
    text_.append(s.data(), s.size());
    key_ = depth_ == 1 ? message_key(text_) : params_key(text_);
    text_.clear();
    // Another member, or one twice (the general path keeps the last), is
    // for the general path to judge.
    if (key_ == Key::none || (seen_ & bit(key_))) return decline(ec);
    seen_ |= bit(key_);
    return true;
  }

  bool on_string_part(json::string_view s, std::size_t, json::error_code&) {
    if (depth_ >= 3) {
      stack_.push_chars(s);
    } else {
      text_.append(s.data(), s.size());
    }
    return true;
  }
  bool on_string(json::string_view s, std::size_t, json::error_code& ec) {
    if (depth_ >= 3) return stack_.push_string(s), true;
    text_.append(s.data(), s.size());
    bool ok = true;
    switch (key_) {
      case Key::jsonrpc:
        ok = text_ == "2.0";
        break;
      case Key::method:
        ok = text_ == "tools/call";
        break;
      case Key::id:
        call_.id = json::string(text_);
        break;
      case Key::name:
        call_.name = text_;
        break;
      default:
        ok = false;
    }
    text_.clear();
    return ok || decline(ec);
  }

  bool on_number_part(json::string_view, json::error_code&) { return true; }
  bool on_int64(std::int64_t i, json::string_view, json::error_code& ec) {
    if (depth_ >= 3) return stack_.push_int64(i), true;
    if (key_ != Key::id) return decline(ec);
    call_.id = i;
    return true;
  }
  bool on_uint64(std::uint64_t u, json::string_view, json::error_code& ec) {
    if (depth_ >= 3) return stack_.push_uint64(u), true;
    if (key_ != Key::id) return decline(ec);
    call_.id = u;
    return true;
  }
  bool on_double(double d, json::string_view, json::error_code& ec) {
    if (depth_ >= 3) return stack_.push_double(d), true;
    return decline(ec);  // an id that is not an exact integer, or a misplaced number
  }
  bool on_bool(bool b, json::error_code& ec) {
    if (depth_ >= 3) return stack_.push_bool(b), true;
    return decline(ec);
  }
  bool on_null(json::error_code& ec) {
    if (depth_ >= 3) return stack_.push_null(), true;
    return decline(ec);
  }
  bool on_comment_part(json::string_view, json::error_code&) { return true; }
  bool on_comment(json::string_view, json::error_code&) { return true; }

 private:
  static Key message_key(std::string_view k) {
    if (k == "jsonrpc") return Key::jsonrpc;
    if (k == "id") return Key::id;
    if (k == "method") return Key::method;
    if (k == "params") return Key::params;
    return Key::none;
  }
  static Key params_key(std::string_view k) {
    if (k == "name") return Key::name;
    if (k == "arguments") return Key::arguments;
    return Key::none;
  }
  static bool decline(json::error_code& ec) {
    ec = json::make_error_code(json::error::syntax);
    return false;
  }

  std::size_t depth_ = 0;
  unsigned seen_ = 0;
  Key key_ = Key::none;
  std::string text_;  // a key or string of the message or its params, as it arrives
  json::value_stack stack_;
  PlainToolCall call_;
};

}  // namespace

std::optional<PlainToolCall> parse_plain_tool_call(std::string_view line) {
  // One parser per thread, as for the general path (common::parse_json):
  // the same default options, so the same depth limit and UTF-8 rules.
  thread_local json::basic_parser<PlainCallHandler> parser{json::parse_options{}};
  parser.reset();
  parser.handler().start();
  json::error_code ec;
  const std::size_t used = parser.write_some(false, line.data(), line.size(), ec);
  if (ec || used != line.size() || !parser.done() || !parser.handler().complete())
    return std::nullopt;
  return parser.handler().take();
}

}  // namespace toolhost::mcp
