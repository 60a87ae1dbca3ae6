// serve_stdio over real file descriptors: framing, pipelining, the length
// bound and an interactive elicitation round trip over pipes.
#include "mcp/line_reader.hpp"
#include "mcp/server.hpp"
#include "session_driver.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <thread>

using namespace toolhost::mcp;
using namespace toolhost::mcp::testing;
namespace json = boost::json;

namespace {

const std::string kInitialize =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}})";

// Runs serve_stdio with `input` as stdin (a file) and returns what it wrote.
std::string serve_file(const std::string& input, int* status = nullptr) {
  std::FILE* in = std::tmpfile();
  std::FILE* out = std::tmpfile();
  std::fwrite(input.data(), 1, input.size(), in);
  std::fflush(in);
  std::rewind(in);
  FakeBackend backend(TOOLHOST_MANIFEST_DIR);
  const int rc = serve_stdio(backend, ServerOptions{}, fileno(in), fileno(out));
  if (status != nullptr) *status = rc;
  std::string written;
  std::rewind(out);
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, out)) > 0;)
    written.append(buffer, n);
  std::fclose(in);
  std::fclose(out);
  return written;
}

std::string read_line(int fd) {
  std::string line;
  char c;
  while (::read(fd, &c, 1) == 1) {
    if (c == '\n') return line;
    line += c;
  }
  return line;
}

void write_line(int fd, const std::string& line) {
  const std::string framed = line + "\n";
  ASSERT_EQ(::write(fd, framed.data(), framed.size()), static_cast<ssize_t>(framed.size()));
}

}  // namespace

TEST(ServeStdio, PipelinedRequestsAreAnsweredInOrderWithTheirIds) {
  std::string input = kInitialize + "\n";
  constexpr int kCalls = 2000;
  for (int i = 1; i <= kCalls; ++i) {
    input += call_line(i, "math.calculate", {{"expression", std::to_string(i) + " * 2"}}) + "\n";
  }
  int status = -1;
  const auto messages = parse_lines(serve_file(input, &status));
  EXPECT_EQ(status, 0);
  ASSERT_EQ(messages.size(), static_cast<std::size_t>(kCalls + 1));
  for (int i = 1; i <= kCalls; ++i) {
    ASSERT_EQ(messages[i].at("id"), json::value(i));
    ASSERT_EQ(messages[i].at("result").at("content").at(0).at("text"),
              json::value(std::to_string(i * 2)));
  }
}

TEST(ServeStdio, OversizedLineIsRefusedAndTheSessionGoesOn) {
  std::string input = kInitialize + "\n";
  input += std::string(kMaxMessageBytes + 100, 'x') + "\n";
  input += R"({"jsonrpc":"2.0","id":"after","method":"ping"})";  // no final newline
  const auto messages = parse_lines(serve_file(input));
  ASSERT_EQ(messages.size(), 3u);
  EXPECT_EQ(messages[1].at("error").at("code"), json::value(-32600));
  EXPECT_TRUE(messages[1].at("id").is_null());
  EXPECT_EQ(json::serialize(messages[2]), R"({"jsonrpc":"2.0","id":"after","result":{}})");
}

TEST(ServeStdio, CrlfFramingIsAccepted) {
  const auto messages = parse_lines(serve_file(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"
                                               "\r\n"));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].at("id"), json::value(1));
}

TEST(ServeStdio, EmptyInputEndsCleanly) {
  int status = -1;
  EXPECT_EQ(serve_file("", &status), "");
  EXPECT_EQ(status, 0);
}

TEST(ServeStdio, ElicitationRoundTripOverPipes) {
  int to_server[2];
  int from_server[2];
  ASSERT_EQ(::pipe(to_server), 0);
  ASSERT_EQ(::pipe(from_server), 0);
  FakeBackend backend(TOOLHOST_MANIFEST_DIR);
  int status = -1;
  std::thread server([&] {
    status = serve_stdio(backend, ServerOptions{}, to_server[0], from_server[1]);
    ::close(from_server[1]);
  });
  write_line(to_server[1], kInitialize);
  EXPECT_EQ(json::parse(read_line(from_server[0])).at("id"), json::value(0));
  write_line(to_server[1],
             call_line(1, "demo.external_write", {{"destination", "d"}, {"content", "abc"}}));
  const auto elicit = json::parse(read_line(from_server[0]));
  ASSERT_EQ(elicit.at("method"), json::value("elicitation/create"));
  // A request pipelined behind the pending call is answered first.
  write_line(to_server[1], R"({"jsonrpc":"2.0","id":2,"method":"ping"})");
  EXPECT_EQ(json::parse(read_line(from_server[0])).at("id"), json::value(2));
  write_line(to_server[1], R"({"jsonrpc":"2.0","id":)" + json::serialize(elicit.at("id")) +
                               R"(,"result":{"action":"accept","content":{"approve":true}}})");
  const auto done = json::parse(read_line(from_server[0]));
  EXPECT_EQ(done.at("id"), json::value(1));
  EXPECT_EQ(done.at("result").at("structuredContent").at("byte_count"), json::value(3));
  ::close(to_server[1]);
  server.join();
  EXPECT_EQ(status, 0);
  EXPECT_EQ(read_line(from_server[0]), "");  // nothing after the close
  ::close(to_server[0]);
  ::close(from_server[0]);
}

TEST(ServeStdio, ClosedOutputIsAnErrorNotACrash) {
  int to_server[2];
  int from_server[2];
  ASSERT_EQ(::pipe(to_server), 0);
  ASSERT_EQ(::pipe(from_server), 0);
  ::close(from_server[0]);  // the client stopped reading
  write_line(to_server[1], R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
  ::close(to_server[1]);
  FakeBackend backend(TOOLHOST_MANIFEST_DIR);
  EXPECT_EQ(serve_stdio(backend, ServerOptions{}, to_server[0], from_server[1]), 1);
  ::close(to_server[0]);
  ::close(from_server[1]);
}
