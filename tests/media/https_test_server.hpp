// A real HTTPS server on 127.0.0.1 for the media tests: Boost.Beast over
// Asio SSL on its own thread, one connection at a time. Each request is
// recorded (so tests can count them: nothing may be retried) and answered by
// the test's responder, which writes raw bytes to shape every failure.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "test_pki.hpp"

namespace toolhost::media::testing {

struct RecordedRequest {
  std::string method;
  std::string target;
  std::string authorization;
  std::string accept;
  std::string content_type;
  std::string body;
};

// What a responder may do with its connection.
class Connection {
 public:
  virtual ~Connection() = default;
  // Writes bytes as they are; false once the client has gone.
  virtual bool send(std::string_view bytes) = 0;
  // Sleeps up to `limit`, returning early when the server stops.
  virtual void wait(std::chrono::milliseconds limit) = 0;
};

using Responder = std::function<void(const RecordedRequest&, Connection&)>;

class HttpsTestServer {
 public:
  HttpsTestServer(const ServerIdentity& identity, Responder responder);
  ~HttpsTestServer();
  HttpsTestServer(const HttpsTestServer&) = delete;
  HttpsTestServer& operator=(const HttpsTestServer&) = delete;

  std::string base_url() const;
  // TCP connections accepted (including those whose handshake failed).
  int connections() const { return connections_.load(); }
  std::vector<RecordedRequest> requests() const;

 private:
  struct State;
  void serve();

  std::unique_ptr<State> state_;
  Responder responder_;
  std::atomic<int> connections_{0};
  std::atomic<bool> stopping_{false};
  mutable std::mutex mutex_;
  std::vector<RecordedRequest> requests_;
  unsigned short port_ = 0;
  std::thread thread_;
};

// Canned responders.
std::string png_bytes(size_t size = 4096);
std::string mp4_bytes(size_t size = 8192);
std::string head(int status, std::string_view content_type, std::string_view extra_headers = "");
// A complete response with Content-Length.
Responder respond(int status, std::string content_type, std::string body,
                  std::string extra_headers = "");
// Chunked transfer encoding, pausing `pause` before each chunk.
Responder respond_chunked(std::string content_type, std::vector<std::string> chunks,
                          std::chrono::milliseconds pause);
// Headers promising `declared` bytes, then `prefix`, then silence until the server stops.
Responder stall_after(std::string content_type, size_t declared, std::string prefix);
// Headers promising `declared` bytes, then `prefix`, then the connection closes.
Responder truncate_after(std::string content_type, size_t declared, std::string prefix);
// Reads the request and never answers.
Responder never_answer();

}  // namespace toolhost::media::testing
