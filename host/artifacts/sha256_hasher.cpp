#include "artifacts/sha256_hasher.hpp"

#include <openssl/evp.h>

#include <array>
#include <new>
#include <stdexcept>

namespace toolhost::artifacts {

Sha256Hasher::Sha256Hasher() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_) throw std::bad_alloc();
  if (EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1) {
    EVP_MD_CTX_free(ctx_);
    throw std::runtime_error("EVP_DigestInit_ex(sha256) failed");
  }
}

Sha256Hasher::~Sha256Hasher() {
  EVP_MD_CTX_free(ctx_);
}

void Sha256Hasher::update(std::string_view bytes) {
  if (!bytes.empty()) EVP_DigestUpdate(ctx_, bytes.data(), bytes.size());
}

std::string Sha256Hasher::finish_hex() {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  EVP_DigestFinal_ex(ctx_, digest.data(), &size);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(size * 2);
  for (unsigned int i = 0; i < size; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 0x0f]);
  }
  return hex;
}

std::string Sha256Hasher::hex_of(std::string_view bytes) {
  Sha256Hasher hasher;
  hasher.update(bytes);
  return hasher.finish_hex();
}

}  // namespace toolhost::artifacts
