#include "isolation/frame_channel.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace toolhost::isolation {

namespace {

constexpr uint8_t kMagic0 = 0x74, kMagic1 = 0x48;
constexpr size_t kHeaderSize = 8;

bool known_type(uint8_t t) {
  return t >= 1 && t <= 7;
}

// Waits until `fd` is readable; false on timeout.
bool wait_readable(int fd, const std::optional<std::chrono::steady_clock::time_point>& deadline) {
  while (true) {
    int timeout_ms = -1;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          *deadline - std::chrono::steady_clock::now());
      if (left.count() < 0) return false;
      // Round up so a sub-millisecond remainder still waits.
      timeout_ms = static_cast<int>(std::min<int64_t>(left.count() + 1, 1 << 30));
    }
    pollfd p{fd, POLLIN, 0};
    int rc = ::poll(&p, 1, timeout_ms);
    if (rc > 0) return true;
    if (rc == 0) {
      if (deadline && std::chrono::steady_clock::now() >= *deadline) return false;
      continue;
    }
    if (errno != EINTR) return true;  // let read() report the error
  }
}

// Reads exactly `size` bytes. ok, closed (EOF before any/all bytes), timeout or io_error.
ReadStatus read_exact(int fd, char* out, size_t size,
                      const std::optional<std::chrono::steady_clock::time_point>& deadline,
                      std::string& problem) {
  size_t done = 0;
  while (done < size) {
    if (!wait_readable(fd, deadline)) return ReadStatus::timeout;
    ssize_t n = ::read(fd, out + done, size - done);
    if (n == 0) return ReadStatus::closed;
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      if (errno == ECONNRESET) return ReadStatus::closed;
      problem = std::strerror(errno);
      return ReadStatus::io_error;
    }
    done += static_cast<size_t>(n);
  }
  return ReadStatus::ok;
}

}  // namespace

ReadOutcome read_frame(int fd, std::optional<std::chrono::steady_clock::time_point> deadline) {
  ReadOutcome out;
  unsigned char header[kHeaderSize];
  out.status = read_exact(fd, reinterpret_cast<char*>(header), kHeaderSize, deadline, out.problem);
  if (out.status != ReadStatus::ok) return out;
  uint32_t length = uint32_t(header[4]) | uint32_t(header[5]) << 8 | uint32_t(header[6]) << 16 |
                    uint32_t(header[7]) << 24;
  if (header[0] != kMagic0 || header[1] != kMagic1 || !known_type(header[2]) || header[3] != 0 ||
      length > kMaxFramePayload) {
    out.status = ReadStatus::garbage;
    out.problem = "malformed frame header";
    return out;
  }
  out.frame.type = static_cast<MessageType>(header[2]);
  out.frame.payload.resize(length);
  out.status = read_exact(fd, out.frame.payload.data(), length, deadline, out.problem);
  if (out.status == ReadStatus::closed) {
    out.status = ReadStatus::garbage;
    out.problem = "frame truncated";
  }
  return out;
}

bool write_frame(int fd, MessageType type, std::string_view payload) {
  if (payload.size() > kMaxFramePayload) return false;
  auto length = static_cast<uint32_t>(payload.size());
  unsigned char header[kHeaderSize] = {kMagic0,
                                       kMagic1,
                                       static_cast<unsigned char>(type),
                                       0,
                                       static_cast<unsigned char>(length),
                                       static_cast<unsigned char>(length >> 8),
                                       static_cast<unsigned char>(length >> 16),
                                       static_cast<unsigned char>(length >> 24)};
  auto send_all = [fd](const char* data, size_t size) {
    size_t done = 0;
    while (done < size) {
      // MSG_NOSIGNAL: a dead peer is an error value here, not a signal that kills the host.
      ssize_t n = ::send(fd, data + done, size - done, MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EINTR) continue;
        return false;
      }
      done += static_cast<size_t>(n);
    }
    return true;
  };
  return send_all(reinterpret_cast<const char*>(header), kHeaderSize) &&
         send_all(payload.data(), payload.size());
}

}  // namespace toolhost::isolation
