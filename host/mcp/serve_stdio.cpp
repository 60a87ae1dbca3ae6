#include "mcp/line_reader.hpp"
#include "mcp/server.hpp"
#include "mcp/session.hpp"

#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace toolhost::mcp {
namespace {

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

}  // namespace

int serve_stdio(Backend& backend, const ServerOptions& options, int in_fd, int out_fd) {
  // A client that goes away must end the loop with an error, not kill the
  // process with SIGPIPE before the backend has recorded anything.
  std::signal(SIGPIPE, SIG_IGN);

  Session session(backend, options);
  // Requests that arrive together run together: one commit for their rows,
  // one for their completions, one write for their answers.
  session.set_batching(true);
  LineReader reader;
  std::string out;
  std::string chunk(64 * 1024, '\0');
  const LineReader::LineHandler on_line = [&](std::string_view line, bool oversized) {
    if (oversized) {
      session.handle_oversized_line(out);
    } else {
      session.handle_line(line, out);
    }
  };
  for (;;) {
    const ssize_t got = ::read(in_fd, chunk.data(), chunk.size());
    if (got < 0) {
      if (errno == EINTR) continue;
      std::fprintf(stderr, "toolhost mcp: read failed: %s\n", std::strerror(errno));
      return 1;
    }
    if (got == 0) break;
    reader.feed(std::string_view(chunk.data(), static_cast<std::size_t>(got)), on_line);
    session.flush(out);
    // Answers to everything read so far go out before we wait for more input,
    // in one write when requests arrive pipelined.
    if (!out.empty()) {
      if (!write_all(out_fd, out)) {
        std::fprintf(stderr, "toolhost mcp: write failed: %s\n", std::strerror(errno));
        return 1;
      }
      out.clear();
    }
  }
  reader.finish(on_line);
  session.flush(out);
  session.end_of_input();
  if (!out.empty() && !write_all(out_fd, out)) return 1;
  return 0;
}

}  // namespace toolhost::mcp
