// Length-prefixed frames over one end of a socket pair: the whole wire format
// between the host and a plugin worker process.
//
//   header (8 bytes): magic 0x74 0x48 ("tH"), type (1 byte), 0, length (u32 LE)
//   payload: `length` bytes, at most kMaxFramePayload
//
// A worker is untrusted: everything it sends is checked (magic, type, length)
// and anything else is reported as garbage, never trusted further.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::isolation {

// Large enough for a workspace file or an output at the 16 MiB ceiling plus framing.
inline constexpr uint32_t kMaxFramePayload = 64u * 1024u * 1024u;

enum class MessageType : uint8_t {
  ready = 1,          // worker -> host: the plugin loaded; payload: manifest bytes
  load_failed = 2,    // worker -> host: payload: why
  invoke = 3,         // host -> worker: one call
  result = 4,         // worker -> host: the call's result
  service_call = 5,   // worker -> host: a host service the plugin called
  service_reply = 6,  // host -> worker: the service's answer
  log = 7,            // worker -> host: a log line (no reply)
};

struct Frame {
  MessageType type{};
  std::string payload;
};

enum class ReadStatus { ok, closed, timeout, garbage, io_error };

struct ReadOutcome {
  ReadStatus status = ReadStatus::io_error;
  Frame frame;
  std::string problem;  // for garbage / io_error
};

// Reads one frame; `deadline` bounds the wait (nullopt: wait forever).
ReadOutcome read_frame(int fd, std::optional<std::chrono::steady_clock::time_point> deadline);

// Writes one frame completely; false when the peer is gone. Never raises SIGPIPE.
bool write_frame(int fd, MessageType type, std::string_view payload);

}  // namespace toolhost::isolation
