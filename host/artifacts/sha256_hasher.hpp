// Incremental SHA-256 over OpenSSL EVP.
#pragma once

#include <string>
#include <string_view>

typedef struct evp_md_ctx_st EVP_MD_CTX;

namespace toolhost::artifacts {

class Sha256Hasher {
 public:
  Sha256Hasher();
  ~Sha256Hasher();
  Sha256Hasher(const Sha256Hasher&) = delete;
  Sha256Hasher& operator=(const Sha256Hasher&) = delete;

  void update(std::string_view bytes);
  // 64 lowercase hex digits; the hasher is spent afterwards.
  std::string finish_hex();

  static std::string hex_of(std::string_view bytes);

 private:
  EVP_MD_CTX* ctx_;
};

}  // namespace toolhost::artifacts
