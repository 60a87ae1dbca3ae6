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

// Runs serve_stdio over `backend` with `input` as stdin (a file) and returns
// what it wrote.
std::string serve_file(Backend& backend, const std::string& input, int* status = nullptr) {
  std::FILE* in = std::tmpfile();
  std::FILE* out = std::tmpfile();
  std::fwrite(input.data(), 1, input.size(), in);
  std::fflush(in);
  std::rewind(in);
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

std::string serve_file(const std::string& input, int* status = nullptr) {
  FakeBackend backend(TOOLHOST_MANIFEST_DIR);
  return serve_file(backend, input, status);
}

// A fake backend that notes the size of every batch it is handed.
struct BatchRecordingBackend : FakeBackend {
  using FakeBackend::FakeBackend;
  std::vector<std::size_t> batch_sizes;
  std::vector<CallOutcome> call_tools(const std::vector<ToolCall>& calls) override {
    batch_sizes.push_back(calls.size());
    return FakeBackend::call_tools(calls);
  }
};

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

TEST(ServeStdio, PipelinedCallsRunAsBatchesAndEveryAnswerKeepsItsPlace) {
  // Calls, a parse error, a tools/list and a ping between them: the answers
  // must come back in exactly the order the requests went in.
  std::string input = kInitialize + "\n";
  std::vector<json::value> expected_ids;
  for (int i = 1; i <= 30; ++i) {
    if (i % 10 == 4) {
      input += "{\"jsonrpc\":\"2.0\",\"id\":\n";
      expected_ids.push_back(nullptr);
    } else if (i % 10 == 7) {
      input +=
          R"({"jsonrpc":"2.0","id":)" + std::to_string(i) + R"(,"method":"tools/list"})" + "\n";
      expected_ids.push_back(i);
    } else if (i % 10 == 9) {
      input += R"({"jsonrpc":"2.0","id":)" + std::to_string(i) + R"(,"method":"ping"})" + "\n";
      expected_ids.push_back(i);
    } else {
      input += call_line(i, "math.calculate", {{"expression", std::to_string(i) + " + 1"}}) + "\n";
      expected_ids.push_back(i);
    }
  }
  BatchRecordingBackend backend(TOOLHOST_MANIFEST_DIR);
  int status = -1;
  const std::string written = serve_file(backend, input, &status);
  ASSERT_EQ(status, 0);
  const auto messages = parse_lines(written);
  ASSERT_EQ(messages.size(), expected_ids.size() + 1);
  for (std::size_t k = 0; k < expected_ids.size(); ++k) {
    const auto& m = messages[k + 1].as_object();
    ASSERT_EQ(m.at("id"), expected_ids[k]) << written;
    const int i = static_cast<int>(k) + 1;
    if (i % 10 == 4) {
      EXPECT_EQ(m.at("error").at("code"), json::value(-32700));
    } else if (i % 10 != 7 && i % 10 != 9) {
      EXPECT_EQ(m.at("result").at("content").at(0).at("text"), json::value(std::to_string(i + 1)));
    }
  }
  // The whole input arrived in one read: every call went in one batch.
  std::size_t calls = 0;
  for (auto n : backend.batch_sizes) calls += n;
  EXPECT_EQ(calls, 21u);
  EXPECT_EQ(backend.batch_sizes.size(), 1u);
  EXPECT_EQ(backend.call_count, 21);
}

TEST(ServeStdio, PlainAndOtherCallsInOneBatchAreAnsweredAlikeAndInOrder) {
  // Plain calls are read in one pass; the others (a _meta, an unknown tool,
  // arguments of the wrong type, a string id with escapes) take the general
  // path. Same batch, same order, same answers as each would get alone.
  const std::vector<std::string> lines = {
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"math.calculate","arguments":{"expression":"2 + 3"}}})",
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"math.calculate","arguments":{"expression":"4 + 4"},"_meta":{"progressToken":9}}})",
      R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"no.such_tool","arguments":{}}})",
      R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"math.calculate","arguments":[]}})",
      R"({"params":{"arguments":{"expression":"6 + 1"},"name":"math.calculate"},"id":"a\"5","method":"tools/call","jsonrpc":"2.0"})",
      R"({"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"math.calculate","arguments":{"expression":"1 + 1"}},"id":7})",
  };
  std::string batched = kInitialize + "\n";
  for (const auto& line : lines) batched += line + "\n";
  const auto together = parse_lines(serve_file(batched));
  ASSERT_EQ(together.size(), lines.size() + 1);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const auto alone = parse_lines(serve_file(kInitialize + "\n" + lines[k] + "\n"));
    ASSERT_EQ(alone.size(), 2u);
    // Invocation ids differ between runs; everything else must not.
    auto strip = [](json::value v) {
      if (auto* r = v.as_object().if_contains("result"))
        if (auto* meta = r->as_object().if_contains("_meta"))
          meta->as_object().erase("dev.toolhost/invocation_id");
      return json::serialize(v);
    };
    EXPECT_EQ(strip(together[k + 1]), strip(alone[1])) << lines[k];
  }
  EXPECT_EQ(together[1].at("result").at("content").at(0).at("text"), json::value("5"));
  EXPECT_EQ(together[2].at("result").at("content").at(0).at("text"), json::value("8"));
  EXPECT_EQ(together[3].at("error").at("code"), json::value(-32602));
  EXPECT_EQ(together[4].at("error").at("code"), json::value(-32602));
  EXPECT_EQ(together[5].at("id"), json::value("a\"5"));
  EXPECT_EQ(together[5].at("result").at("content").at(0).at("text"), json::value("7"));
  EXPECT_EQ(together[6].at("id"),
            json::value(7));  // a duplicate id: the general path keeps the last
}

TEST(ServeStdio, AnElicitationAnswerWaitsForTheCallsHeldBeforeIt) {
  // A notification flushes the held calls first: its effects come after theirs.
  BatchRecordingBackend backend(TOOLHOST_MANIFEST_DIR);
  Session session(backend, ServerOptions{});
  session.set_batching(true);
  std::string out;
  session.handle_line(kInitialize, out);
  session.handle_line(call_line(1, "math.calculate", {{"expression", "1 + 1"}}), out);
  session.handle_line(call_line(2, "math.calculate", {{"expression", "2 + 2"}}), out);
  EXPECT_EQ(backend.call_count, 0);  // held
  session.handle_line(
      R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}})", out);
  EXPECT_EQ(backend.call_count, 2);
  session.handle_line(call_line(3, "math.calculate", {{"expression", "3 + 3"}}), out);
  session.flush(out);
  ASSERT_EQ(backend.batch_sizes, (std::vector<std::size_t>{2, 1}));
  const auto messages = parse_lines(out);
  ASSERT_EQ(messages.size(), 4u);
  EXPECT_EQ(messages[1].at("id"), json::value(1));
  EXPECT_EQ(messages[2].at("id"), json::value(2));
  EXPECT_EQ(messages[3].at("id"), json::value(3));
  EXPECT_EQ(messages[3].at("result").at("content").at(0).at("text"), json::value("6"));
}
