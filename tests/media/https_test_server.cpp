#include "https_test_server.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace toolhost::media::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

struct HttpsTestServer::State {
  asio::io_context ioc;
  ssl::context tls{ssl::context::tls_server};
  tcp::acceptor acceptor{ioc};
};

namespace {

class StreamConnection final : public Connection {
 public:
  StreamConnection(ssl::stream<tcp::socket>& stream, const std::atomic<bool>& stopping)
      : stream_(stream), stopping_(stopping) {}
  bool send(std::string_view bytes) override {
    beast::error_code ec;
    asio::write(stream_, asio::buffer(bytes.data(), bytes.size()), ec);
    return !ec;
  }
  void wait(std::chrono::milliseconds limit) override {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (!stopping_.load() && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }

 private:
  ssl::stream<tcp::socket>& stream_;
  const std::atomic<bool>& stopping_;
};

}  // namespace

HttpsTestServer::HttpsTestServer(const ServerIdentity& identity, Responder responder)
    : state_(std::make_unique<State>()), responder_(std::move(responder)) {
  state_->tls.use_certificate_chain(asio::buffer(identity.certificate_chain_pem));
  state_->tls.use_private_key(asio::buffer(identity.private_key_pem), ssl::context::pem);
  const tcp::endpoint local(asio::ip::make_address("127.0.0.1"), 0);
  state_->acceptor.open(local.protocol());
  state_->acceptor.set_option(asio::socket_base::reuse_address(true));
  state_->acceptor.bind(local);
  state_->acceptor.listen();
  port_ = state_->acceptor.local_endpoint().port();
  thread_ = std::thread([this] { serve(); });
}

HttpsTestServer::~HttpsTestServer() {
  stopping_ = true;
  // Wake the blocking accept with a connection of our own.
  beast::error_code ec;
  asio::io_context ioc;
  tcp::socket poke(ioc);
  poke.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_), ec);
  thread_.join();
}

std::string HttpsTestServer::base_url() const {
  return "https://127.0.0.1:" + std::to_string(port_);
}

std::vector<RecordedRequest> HttpsTestServer::requests() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

void HttpsTestServer::serve() {
  while (!stopping_) {
    tcp::socket socket(state_->ioc);
    beast::error_code ec;
    state_->acceptor.accept(socket, ec);
    if (ec || stopping_) break;
    ++connections_;
    ssl::stream<tcp::socket> stream(std::move(socket), state_->tls);
    stream.handshake(ssl::stream_base::server, ec);
    if (ec) continue;  // the client refused our certificate
    beast::flat_buffer buffer;
    http::request<http::string_body> request;
    http::read(stream, buffer, request, ec);
    if (ec) continue;
    RecordedRequest recorded{std::string(request.method_string()),
                             std::string(request.target()),
                             std::string(request[http::field::authorization]),
                             std::string(request[http::field::accept]),
                             std::string(request[http::field::content_type]),
                             request.body()};
    {
      std::lock_guard lock(mutex_);
      requests_.push_back(recorded);
    }
    StreamConnection connection(stream, stopping_);
    responder_(recorded, connection);
    stream.lowest_layer().close(ec);
  }
}

std::string png_bytes(size_t size) {
  std::string bytes("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
  while (bytes.size() < size) bytes.push_back(static_cast<char>('a' + bytes.size() % 26));
  return bytes;
}

std::string mp4_bytes(size_t size) {
  std::string bytes(
      "\0\0\0\x18"
      "ftypisom\0\0\0\0",
      16);
  while (bytes.size() < size) bytes.push_back(static_cast<char>('A' + bytes.size() % 26));
  return bytes;
}

std::string head(int status, std::string_view content_type, std::string_view extra_headers) {
  std::string h = "HTTP/1.1 " + std::to_string(status) + " Status\r\n";
  if (!content_type.empty()) h += "Content-Type: " + std::string(content_type) + "\r\n";
  h += std::string(extra_headers);
  return h;
}

Responder respond(int status, std::string content_type, std::string body,
                  std::string extra_headers) {
  return [=](const RecordedRequest&, Connection& c) {
    c.send(head(status, content_type, extra_headers) + "Content-Length: " +
           std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  };
}

Responder respond_chunked(std::string content_type, std::vector<std::string> chunks,
                          std::chrono::milliseconds pause) {
  return [=](const RecordedRequest&, Connection& c) {
    if (!c.send(head(200, content_type) +
                "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"))
      return;
    for (const auto& chunk : chunks) {
      c.wait(pause);
      char size[32];
      std::snprintf(size, sizeof size, "%zx\r\n", chunk.size());
      if (!c.send(std::string(size) + chunk + "\r\n")) return;
    }
    c.send("0\r\n\r\n");
  };
}

Responder stall_after(std::string content_type, size_t declared, std::string prefix) {
  return [=](const RecordedRequest&, Connection& c) {
    c.send(head(200, content_type) + "Content-Length: " + std::to_string(declared) +
           "\r\nConnection: close\r\n\r\n" + prefix);
    c.wait(std::chrono::seconds(20));
  };
}

Responder truncate_after(std::string content_type, size_t declared, std::string prefix) {
  return [=](const RecordedRequest&, Connection& c) {
    c.send(head(200, content_type) + "Content-Length: " + std::to_string(declared) +
           "\r\nConnection: close\r\n\r\n" + prefix);
  };
}

Responder never_answer() {
  return [](const RecordedRequest&, Connection& c) { c.wait(std::chrono::seconds(20)); };
}

}  // namespace toolhost::media::testing
