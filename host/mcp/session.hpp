// One MCP session: everything that arrives on one connection. It turns each
// framed incoming message into the messages to send back; it never blocks, so
// a call waiting for the user's approval does not hold up pipelined requests
// behind it (their answers simply go out first, each with its own id).
#pragma once

#include "mcp/backend.hpp"
#include "mcp/json_rpc.hpp"
#include "mcp/meta_keys.hpp"
#include "mcp/server.hpp"
#include "mcp/tool_catalog.hpp"

#include <boost/json.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace toolhost::mcp {

// At most this many legacy elicitations (and 2026-07-28 request states) wait
// at once; beyond that a call falls back to out-of-band approval.
inline constexpr std::size_t kMaxPendingElicitations = 64;
inline constexpr std::size_t kMaxPendingRequestStates = 1024;

class Session {
 public:
  Session(Backend& backend, const ServerOptions& options);

  // Handles one message (one line without its newline) and appends every
  // message to send, each terminated by "\n", to out.
  void handle_line(std::string_view line, std::string& out);
  // A line longer than the framing bound arrived and was dropped.
  void handle_oversized_line(std::string& out);
  // The client closed its side. Calls still waiting for an elicitation
  // answer stay pending in the backend, approvable out of band.
  void end_of_input();

  // Batching (the stdio server turns it on): tools/call requests are held and
  // run together by flush(), which appends every held answer to out in the
  // order the requests arrived. Client responses and notifications flush
  // first, so their effects (an approval, a cancellation) keep their order.
  // Without batching every call runs as its line is handled.
  void set_batching(bool on) { batching_ = on; }
  void flush(std::string& out);

  std::size_t pending_elicitations() const { return elicitations_.size(); }

 private:
  enum class Era { legacy, modern };
  struct RequestContext {
    Era era;
    const boost::json::object* client_capabilities;
  };
  struct PendingElicitation {  // legacy: we sent elicitation/create, awaiting its answer
    boost::json::value request_id;
    std::string invocation_id;
    const CatalogEntry* entry;
  };
  struct PendingRequestState {  // 2026-07-28: we answered input_required
    std::string invocation_id;
    const CatalogEntry* entry;
  };

  void handle_message(const boost::json::value& parsed, std::string& out);
  void handle_classified(const jsonrpc::Message& message, std::string& out);
  void handle_request(const jsonrpc::Message& message, std::string& out);
  void handle_notification(const jsonrpc::Message& message);
  void handle_client_response(const jsonrpc::Message& message, std::string& out);

  void initialize(const jsonrpc::Message& message, std::string& out);
  void discover(const jsonrpc::Message& message, std::string& out);
  void list_tools(const jsonrpc::Message& message, const RequestContext& context, std::string& out);
  void call_tool(const jsonrpc::Message& message, const RequestContext& context, std::string& out);
  void resume_with_request_state(const jsonrpc::Message& message, const CatalogEntry& entry,
                                 const boost::json::string& state, std::string& out);
  void settle_call(const boost::json::value& id, const RequestContext& context,
                   const CatalogEntry& entry, std::string_view name,
                   const boost::json::object& arguments, const CallOutcome& outcome,
                   std::string& out);
  void await_approval(const boost::json::value& id, const RequestContext& context,
                      const CatalogEntry& entry, const boost::json::object& arguments,
                      const CallOutcome& outcome, std::string& out);
  boost::json::object render_settled(const CallOutcome& outcome, const CatalogEntry& entry);

  void send_result(const boost::json::value& id, boost::json::object result, Era era,
                   std::string& out);
  void send_error(const boost::json::value& id, std::int64_t code, std::string_view message,
                  std::string& out, boost::json::value data = nullptr);

  const ToolCatalog& catalog();
  std::string new_request_state();

  Backend& backend_;
  ServerOptions options_;
  boost::json::object server_info_;

  bool initialized_ = false;
  std::string legacy_revision_;
  boost::json::object legacy_client_capabilities_;

  std::optional<ToolCatalog> catalog_;
  std::optional<boost::json::array> rendered_tools_;

  std::map<std::string, PendingElicitation> elicitations_;  // by our request id
  std::uint64_t next_elicitation_ = 1;
  std::map<std::string, PendingRequestState> request_states_;  // by opaque token
  std::deque<std::string> request_state_order_;

  // Held while batching: a call to run, or answers already rendered that
  // must go out after the calls held before them.
  struct Held {
    bool is_call = false;
    std::string rendered;  // !is_call
    boost::json::value id;
    Era era = Era::legacy;
    boost::json::object capabilities;  // 2026-07-28 only (legacy: the session's)
    const CatalogEntry* entry = nullptr;
    std::string name;
    boost::json::value arguments;  // an object (a value, so a backend can validate it as it is)
  };
  static constexpr std::size_t kMaxHeldCalls = 256;
  // Holds a call to run with the next batch (flushing at kMaxHeldCalls).
  void hold_call(Held call, const CatalogEntry& entry, std::string& out);
  bool batching_ = false;
  std::vector<Held> held_;
  std::size_t held_calls_ = 0;
};

}  // namespace toolhost::mcp
