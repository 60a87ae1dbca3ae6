// The frame reader refuses what a hostile worker might send.
#include "isolation/frame_channel.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include "isolation/invoke_messages.hpp"
#include "isolation/wire_fields.hpp"

namespace toolhost::isolation {
namespace {

struct SocketPair {
  int a = -1, b = -1;
  SocketPair() {
    int s[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, s), 0);
    a = s[0];
    b = s[1];
  }
  ~SocketPair() {
    if (a >= 0) ::close(a);
    if (b >= 0) ::close(b);
  }
  void send_raw(std::string_view bytes) const {
    ASSERT_EQ(::write(a, bytes.data(), bytes.size()), ssize_t(bytes.size()));
  }
  ReadOutcome read() const {
    return read_frame(b, std::chrono::steady_clock::now() + std::chrono::seconds(2));
  }
};

TEST(FrameChannel, RoundTripsAFrame) {
  SocketPair p;
  ASSERT_TRUE(write_frame(p.a, MessageType::ready, "manifest"));
  auto in = p.read();
  ASSERT_EQ(in.status, ReadStatus::ok);
  EXPECT_EQ(in.frame.type, MessageType::ready);
  EXPECT_EQ(in.frame.payload, "manifest");
}

TEST(FrameChannel, TextIsGarbage) {
  SocketPair p;
  p.send_raw("hello, world\n");
  EXPECT_EQ(p.read().status, ReadStatus::garbage);
}

TEST(FrameChannel, UnknownTypeIsGarbage) {
  SocketPair p;
  p.send_raw(std::string("tH\x63\0\0\0\0\0", 8));
  EXPECT_EQ(p.read().status, ReadStatus::garbage);
}

TEST(FrameChannel, OversizedLengthIsGarbage) {
  SocketPair p;
  p.send_raw(std::string("tH\x04\0\xff\xff\xff\xff", 8));
  EXPECT_EQ(p.read().status, ReadStatus::garbage);
}

TEST(FrameChannel, TruncatedFrameIsGarbageAndSilenceTimesOut) {
  {
    SocketPair p;
    p.send_raw(std::string("tH\x04\0\x10\0\0\0abc", 11));
    ::close(p.a);
    p.a = -1;
    EXPECT_EQ(p.read().status, ReadStatus::garbage);
  }
  SocketPair quiet;
  EXPECT_EQ(
      read_frame(quiet.b, std::chrono::steady_clock::now() + std::chrono::milliseconds(20)).status,
      ReadStatus::timeout);
}

TEST(FrameChannel, WritingToAClosedPeerFailsWithoutSigpipe) {
  SocketPair p;
  ::close(p.b);
  p.b = -1;
  EXPECT_FALSE(write_frame(p.a, MessageType::invoke, std::string(1 << 20, 'x')));
}

TEST(WireFields, ShortPayloadsAreRefused) {
  ResultMessage m;
  m.filled = true;
  m.output_json = "{}";
  auto payload = encode(m);
  ASSERT_TRUE(decode_result(payload));
  for (size_t cut = 0; cut < payload.size(); ++cut)
    EXPECT_FALSE(decode_result(payload.substr(0, cut))) << cut;
  FieldWriter w;
  w.u64(1u << 30);  // a byte string claiming a gigabyte
  FieldReader r(w.payload());
  std::string s;
  EXPECT_FALSE(r.bytes(s));
}

}  // namespace
}  // namespace toolhost::isolation
