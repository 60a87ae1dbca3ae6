#include "test_pki.hpp"

#include <unistd.h>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/run_command.hpp"

namespace toolhost::media::testing {

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void run(const std::string& command) {
  auto r = toolhost::testing::run_command(command + " 2>&1");
  if (r.exit_code != 0) throw std::runtime_error(command + " failed: " + r.output);
}

void make_ca(const fs::path& dir, const std::string& name) {
  run("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj '/CN=" +
      name + "' -keyout " + (dir / (name + ".key")).string() + " -out " +
      (dir / (name + ".crt")).string());
}

ServerIdentity make_server(const fs::path& dir, const std::string& ca, const std::string& name,
                           const std::string& san) {
  const auto key = dir / (name + ".key"), csr = dir / (name + ".csr"), crt = dir / (name + ".crt"),
             ext = dir / (name + ".ext");
  std::ofstream(ext) << "subjectAltName=" << san << "\nbasicConstraints=CA:FALSE\n"
                     << "extendedKeyUsage=serverAuth\n";
  run("openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj '/CN=" + name +
      "' -keyout " + key.string() + " -out " + csr.string());
  run("openssl x509 -req -in " + csr.string() + " -CA " + (dir / (ca + ".crt")).string() +
      " -CAkey " + (dir / (ca + ".key")).string() + " -CAcreateserial -days 2 -extfile " +
      ext.string() + " -out " + crt.string());
  return ServerIdentity{read_file(crt), read_file(key)};
}

TestPki generate() {
  const fs::path dir =
      fs::temp_directory_path() / ("toolhost-media-pki-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  make_ca(dir, "trusted-ca");
  make_ca(dir, "rogue-ca");
  TestPki pki;
  pki.trusted_ca_pem = read_file(dir / "trusted-ca.crt");
  pki.good = make_server(dir, "trusted-ca", "good", "IP:127.0.0.1");
  pki.wrong_name = make_server(dir, "trusted-ca", "wrong-name", "DNS:not-this-host.invalid");
  pki.untrusted_issuer = make_server(dir, "rogue-ca", "untrusted", "IP:127.0.0.1");
  fs::remove_all(dir);
  return pki;
}

}  // namespace

const TestPki& TestPki::instance() {
  static const TestPki pki = generate();
  return pki;
}

}  // namespace toolhost::media::testing
