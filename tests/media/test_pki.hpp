// A throwaway public key infrastructure generated with the openssl command
// at test time: a trusted CA, a server certificate it signs for 127.0.0.1,
// one it signs for another name, and a server certificate from a CA the
// client does not trust.
#pragma once

#include <filesystem>
#include <string>

namespace toolhost::media::testing {

struct ServerIdentity {
  std::string certificate_chain_pem;
  std::string private_key_pem;
};

struct TestPki {
  std::string trusted_ca_pem;       // the only trust anchor the client gets
  ServerIdentity good;              // trusted CA, SAN IP:127.0.0.1
  ServerIdentity wrong_name;        // trusted CA, SAN DNS:not-this-host.invalid
  ServerIdentity untrusted_issuer;  // another CA, SAN IP:127.0.0.1

  // Generated once per test binary, in a fresh temporary directory.
  static const TestPki& instance();
};

}  // namespace toolhost::media::testing
