#include "https_exchange.hpp"

#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <chrono>
#include <optional>

#include "response_checks.hpp"

namespace toolhost::media {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using steady = std::chrono::steady_clock;

namespace {

constexpr auto kWatchdogTick = std::chrono::milliseconds(20);
constexpr size_t kChunkBytes = 64 * 1024;

class Exchange {
 public:
  Exchange(const TensorScaleEndpoint& endpoint, const CallControl& control,
           const std::atomic<bool>& closed)
      : endpoint_(endpoint), control_(control), closed_(closed) {}

  GenerationOutcome run(const HttpsPost& post, const ByteSink& sink) {
    if (auto early = check_control()) return *early;
    if (auto failed = configure_tls()) return *failed;
    stream_.emplace(ioc_, tls_);
    if (auto failed = configure_peer_verification()) return *failed;
    arm_watchdog();

    std::optional<tcp::resolver::results_type> addresses;
    beast::error_code ec = await([&](auto done) {
      resolver_.async_resolve(
          endpoint_.host, endpoint_.port,
          [done, &addresses](beast::error_code e, tcp::resolver::results_type r) {
            addresses = std::move(r);
            done(e);
          });
    });
    if (ec) return failed_at("resolve", ec, GenerationError::unavailable);
    ec = await([&](auto done) {
      beast::get_lowest_layer(*stream_).async_connect(
          *addresses, [done](beast::error_code e, const tcp::endpoint&) { done(e); });
    });
    if (ec) return failed_at("connect", ec, GenerationError::unavailable);
    ec = await([&](auto done) {
      stream_->async_handshake(ssl::stream_base::client, [done](beast::error_code e) { done(e); });
    });
    if (ec) return failed_at("TLS handshake", ec, GenerationError::unavailable);

    http::request<http::string_body> request{http::verb::post, post.path, 11};
    request.set(http::field::host,
                endpoint_.port == "443" ? endpoint_.host : endpoint_.host + ":" + endpoint_.port);
    request.set(http::field::authorization, post.authorization);
    request.set(http::field::content_type, "application/json");
    request.set(http::field::accept, post.accept);
    request.set(http::field::user_agent, "toolhost-media/1");
    request.keep_alive(false);
    request.body() = post.body_json;
    request.prepare_payload();
    ec = await([&](auto done) {
      http::async_write(*stream_, request, [done](beast::error_code e, size_t) { done(e); });
    });
    if (ec) return failed_at("sending the request", ec, GenerationError::provider_error);

    // The provider generates before it answers: only the deadline bounds this wait.
    http::response_parser<http::buffer_body> parser;
    parser.body_limit(boost::none);  // the cap is enforced below, per tool
    watch_stall_ = false;
    ec = await([&](auto done) {
      http::async_read_header(*stream_, buffer_, parser,
                              [done](beast::error_code e, size_t) { done(e); });
    });
    watch_stall_ = true;
    progress();
    if (ec) return failed_at("reading the response head", ec, GenerationError::provider_error);
    return stream_body(post, parser, sink);
  }

 private:
  GenerationOutcome stream_body(const HttpsPost& post,
                                http::response_parser<http::buffer_body>& parser,
                                const ByteSink& sink) {
    const auto& head = parser.get();
    if (auto status = check_status(head.result_int()); !status.ok()) return status;
    const auto type = head[http::field::content_type];
    if (!content_type_matches(std::string_view(type.data(), type.size()), post.accept))
      return GenerationOutcome::failure(GenerationError::invalid_response,
                                        "content type is not " + post.accept);
    const auto length = parser.content_length();
    if (!length && !parser.chunked())
      return GenerationOutcome::failure(
          GenerationError::provider_error,
          "response has neither a length nor chunked framing; truncation would go unnoticed");
    if (length && *length > post.max_bytes)
      return GenerationOutcome::failure(
          GenerationError::too_large,
          "declared length passes " + std::to_string(post.max_bytes) + " bytes");

    StreamValidator validator(post.expected, post.max_bytes, sink);
    std::array<char, kChunkBytes> chunk{};
    while (!parser.is_done()) {
      parser.get().body().data = chunk.data();
      parser.get().body().size = chunk.size();
      beast::error_code ec = await([&](auto done) {
        http::async_read_some(*stream_, buffer_, parser,
                              [done](beast::error_code e, size_t) { done(e); });
      });
      if (ec == http::error::need_buffer) ec = {};
      if (ec) return failed_at("streaming the body", ec, GenerationError::provider_error);
      progress();
      const size_t got = chunk.size() - parser.get().body().size;
      if (auto fed = validator.feed(std::string_view(chunk.data(), got)); !fed.ok()) return fed;
    }
    auto finished = validator.finish();
    if (!finished.ok()) return finished;
    finished.media_type = post.accept;
    finished.byte_count = validator.byte_count();
    return finished;
  }

  std::optional<GenerationOutcome> configure_tls() {
    beast::error_code ec;
    SSL_CTX_set_min_proto_version(tls_.native_handle(), TLS1_2_VERSION);
    tls_.set_verify_mode(ssl::verify_peer, ec);
    if (!ec) {
      if (endpoint_.trust_anchors_pem)
        tls_.add_certificate_authority(asio::buffer(*endpoint_.trust_anchors_pem), ec);
      else
        tls_.set_default_verify_paths(ec);
    }
    if (ec)
      return GenerationOutcome::failure(GenerationError::unavailable,
                                        "trust anchors could not be loaded: " + ec.message());
    return std::nullopt;
  }

  // The certificate must name the host: a DNS name gets SNI and a host name
  // check, an IP literal an IP address check.
  std::optional<GenerationOutcome> configure_peer_verification() {
    SSL* handle = stream_->native_handle();
    beast::error_code not_ip;
    asio::ip::make_address(endpoint_.host, not_ip);
    bool ok = false;
    if (not_ip) {
      ok = SSL_set_tlsext_host_name(handle, endpoint_.host.c_str()) == 1 &&
           SSL_set1_host(handle, endpoint_.host.c_str()) == 1;
    } else {
      ok = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(handle), endpoint_.host.c_str()) == 1;
    }
    if (!ok)
      return GenerationOutcome::failure(GenerationError::unavailable,
                                        "peer verification could not be configured");
    return std::nullopt;
  }

  // Runs one asynchronous operation to completion on this thread while the
  // watchdog keeps ticking.
  template <class Start>
  beast::error_code await(Start&& start) {
    bool finished = false;
    beast::error_code result;
    start([&finished, &result](beast::error_code e) {
      finished = true;
      result = e;
    });
    while (!finished && ioc_.run_one() > 0) {
    }
    return result;
  }

  void arm_watchdog() {
    watchdog_.expires_after(kWatchdogTick);
    watchdog_.async_wait([this](beast::error_code ec) {
      if (ec || interrupted_) return;
      if (auto stop = check_control()) {
        interrupt(*stop);
        return;
      }
      if (watch_stall_ && steady::now() - last_progress_ > endpoint_.stall_timeout) {
        interrupt(GenerationOutcome::failure(GenerationError::timeout, "the provider stalled"));
        return;
      }
      arm_watchdog();
    });
  }

  // Cancellation, close and the deadline (less the margin), in that order of
  // report: a passed deadline is a timeout even though is_cancelled says yes.
  std::optional<GenerationOutcome> check_control() const {
    const int64_t margin_us =
        std::chrono::duration_cast<std::chrono::microseconds>(endpoint_.deadline_margin).count();
    if (control_.deadline_remaining_us && control_.deadline_remaining_us() <= margin_us)
      return GenerationOutcome::failure(GenerationError::timeout, "the call's deadline arrived");
    if (closed_.load() || (control_.cancelled && control_.cancelled()))
      return GenerationOutcome::failure(GenerationError::cancelled, "the run was cancelled");
    return std::nullopt;
  }

  // Closing the socket ends the in-flight operation with an error, which
  // failed_at then reports as this interruption.
  void interrupt(GenerationOutcome why) {
    interrupted_ = std::move(why);
    resolver_.cancel();
    if (stream_) beast::get_lowest_layer(*stream_).close();
  }

  GenerationOutcome failed_at(const char* phase, const beast::error_code& ec,
                              GenerationError kind) {
    if (interrupted_) return *interrupted_;
    return GenerationOutcome::failure(kind, std::string(phase) + " failed: " + ec.message());
  }

  void progress() { last_progress_ = steady::now(); }

  const TensorScaleEndpoint& endpoint_;
  const CallControl& control_;
  const std::atomic<bool>& closed_;
  asio::io_context ioc_;
  ssl::context tls_{ssl::context::tls_client};
  tcp::resolver resolver_{ioc_};
  std::optional<beast::ssl_stream<beast::tcp_stream>> stream_;
  asio::steady_timer watchdog_{ioc_};
  beast::flat_buffer buffer_;
  steady::time_point last_progress_ = steady::now();
  bool watch_stall_ = true;
  std::optional<GenerationOutcome> interrupted_;
};

}  // namespace

GenerationOutcome post_and_stream(const TensorScaleEndpoint& endpoint, const HttpsPost& post,
                                  const ByteSink& sink, const CallControl& control,
                                  const std::atomic<bool>& closed) {
  try {
    Exchange exchange(endpoint, control, closed);
    return exchange.run(post, sink);
  } catch (const std::exception& e) {
    return GenerationOutcome::failure(GenerationError::unavailable,
                                      std::string("HTTPS client error: ") + e.what());
  }
}

}  // namespace toolhost::media
