// The workspace tools' definition of text, applied incrementally as chunks
// arrive: no NUL byte (checked on the bytes, before decoding), then strict
// UTF-8 (ICU's U8_NEXT: overlongs, surrogates, truncated sequences and code
// points above U+10FFFF are refused). A sequence split across two chunks is
// carried over and decoded whole. The same pass feeds SHA-256: each chunk is
// hashed and validated in blocks of kBlockSize, so the second look at a block
// finds it still in L1.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace toolhost::workspace_plugin {

class TextScanner {
 public:
  static constexpr size_t kBlockSize = 16 * 1024;

  TextScanner();
  ~TextScanner();
  TextScanner(const TextScanner&) = delete;
  TextScanner& operator=(const TextScanner&) = delete;

  // Scans the next chunk; false once the bytes so far cannot be text (every
  // later call then returns false too).
  bool feed(std::string_view chunk);
  // Ends the stream; false when it is not text (including a sequence left
  // incomplete by the end of the file).
  bool finish();
  // "sha256:" + 64 lowercase hex digits over every byte fed. Valid after
  // finish().
  const std::string& checksum() const { return checksum_; }
  uint64_t byte_count() const { return byte_count_; }

 private:
  // NUL and strict UTF-8 over one block, carrying an incomplete sequence at
  // the end.
  bool validate(const uint8_t* bytes, size_t size);
  // Finishes the carried sequence from the front of `bytes`, advancing it.
  bool complete_carry(const uint8_t*& bytes, size_t& size);

  struct DigestDeleter {
    void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
  };
  std::unique_ptr<EVP_MD_CTX, DigestDeleter> digest_;
  uint8_t carry_[4] = {};  // an incomplete sequence from the previous chunk
  size_t carry_size_ = 0;
  bool is_text_ = true;
  uint64_t byte_count_ = 0;
  std::string checksum_;
};

// The length of the longest prefix of `bytes` made of ASCII other than NUL
// (0x01..0x7F). Each such byte is a whole code point, so only what follows
// needs decoding; the scan tests 64 bytes per step (SSE2 where available,
// 8-byte words otherwise) for both NUL and a set high bit at once.
size_t plain_ascii_prefix(const uint8_t* bytes, size_t size);
// The same with 8-byte words only (the fallback without SSE2), and one byte
// at a time (the reference both are tested against).
size_t plain_ascii_prefix_words(const uint8_t* bytes, size_t size);
size_t plain_ascii_prefix_bytewise(const uint8_t* bytes, size_t size);

// "sha256:" + lowercase hex of SHA-256 over `bytes`, in one call.
std::string sha256_checksum(std::string_view bytes);

}  // namespace toolhost::workspace_plugin
