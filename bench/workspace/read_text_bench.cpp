// read_text of a 1 MiB file, layer by layer: OpenSSL SHA-256 alone (the
// floor), the text scan (NUL + strict UTF-8 + SHA-256) over in-memory
// chunks, escaping into the JSON result alone, the handle's chunked read
// feeding the scan (at the default chunk size, and swept over chunk sizes),
// and the whole tool through the plugin's entry point.
#include "common/json_escape.hpp"
#include "text_scanner.hpp"
#include "workspace/memory_provenance_ledger.hpp"
#include "workspace/workspace_handle.hpp"
#include "workspace/workspace_services.hpp"

#include <benchmark/benchmark.h>
#include <dlfcn.h>
#include <openssl/evp.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace {

namespace fs = std::filesystem;
using toolhost::workspace::WorkspaceHandle;
using toolhost::workspace_plugin::TextScanner;

constexpr size_t kFileSize = 1 << 20;
constexpr size_t kChunk = toolhost::workspace::kDefaultChunkSize;

// English-like ASCII, or text with a multi-byte sequence every few bytes.
std::string make_text(bool multibyte) {
  const std::string ascii = "The quick brown fox jumps over the lazy dog. 0123456789\n";
  const std::string mixed =
      "caf\xc3\xa9 \xe2\x82\xac"
      "5 na\xc3\xafve \xf0\x9f\x98\x80 ok\n";
  const std::string& unit = multibyte ? mixed : ascii;
  std::string text;
  while (text.size() + unit.size() <= kFileSize) text += unit;
  text.append(kFileSize - text.size(), 'x');
  return text;
}

// One scratch workspace holding both files, for the whole run.
struct Scratch {
  fs::path root;
  std::unique_ptr<WorkspaceHandle> handle;

  Scratch() {
    std::string pattern = (fs::temp_directory_path() / "toolhost-ws-bench-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp");
    root = pattern;
    for (bool multibyte : {false, true}) {
      std::ofstream(root / (multibyte ? "mixed.txt" : "ascii.txt"), std::ios::binary)
          << make_text(multibyte);
    }
    handle = WorkspaceHandle::open_root(
                 root.string(), std::make_unique<toolhost::workspace::MemoryProvenanceLedger>())
                 .handle;
  }
  ~Scratch() { fs::remove_all(root); }
};

Scratch& scratch() {
  static Scratch instance;
  return instance;
}

void BM_Sha256Only(benchmark::State& state) {
  const std::string text = make_text(state.range(0) != 0);
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  for (auto _ : state) {
    EVP_DigestInit_ex(context, EVP_sha256(), nullptr);
    for (size_t at = 0; at < text.size(); at += kChunk)
      EVP_DigestUpdate(context, text.data() + at, std::min(kChunk, text.size() - at));
    EVP_DigestFinal_ex(context, digest, &length);
    benchmark::DoNotOptimize(digest);
  }
  EVP_MD_CTX_free(context);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kFileSize));
}

void BM_TextScanInMemory(benchmark::State& state) {
  const std::string text = make_text(state.range(0) != 0);
  for (auto _ : state) {
    TextScanner scanner;
    for (size_t at = 0; at < text.size(); at += kChunk)
      scanner.feed(std::string_view(text).substr(at, kChunk));
    if (!scanner.finish()) state.SkipWithError("not text");
    benchmark::DoNotOptimize(scanner.checksum());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kFileSize));
}

// Escaping the content into the JSON result, chunk by chunk, as read_text
// does (into a fresh string each time, as read_text's result is).
void BM_JsonEscape(benchmark::State& state) {
  const std::string text = make_text(state.range(0) != 0);
  for (auto _ : state) {
    std::string out;
    for (size_t at = 0; at < text.size(); at += kChunk)
      toolhost::common::append_json_escaped(out,
                                                      std::string_view(text).substr(at, kChunk));
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kFileSize));
}

// The read_text hot path without JSON: chunked read from the page cache,
// scan, and the copy into the result string.
void BM_HandleReadAndScan(benchmark::State& state) {
  const std::string path = state.range(0) != 0 ? "mixed.txt" : "ascii.txt";
  auto& handle = *scratch().handle;
  std::string text;
  text.reserve(kFileSize);
  for (auto _ : state) {
    text.clear();
    TextScanner scanner;
    const auto outcome = handle.read(path, [&](std::string_view chunk) {
      if (!scanner.feed(chunk)) return false;
      text.append(chunk);
      return true;
    });
    if (outcome.status != toolhost::workspace::WorkspaceStatus::ok || !scanner.finish())
      state.SkipWithError("read failed");
    benchmark::DoNotOptimize(text.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kFileSize));
}

// The same pass over ASCII with the handle's chunk size as the argument, in
// KiB: fewer read calls against a buffer that stays in a nearer cache.
void BM_HandleReadAndScanChunk(benchmark::State& state) {
  const size_t chunk = static_cast<size_t>(state.range(0)) * 1024;
  auto& handle = *scratch().handle;
  std::string text;
  text.reserve(kFileSize);
  for (auto _ : state) {
    text.clear();
    TextScanner scanner;
    const auto outcome = handle.read(
        "ascii.txt",
        [&](std::string_view piece) {
          if (!scanner.feed(piece)) return false;
          text.append(piece);
          return true;
        },
        chunk);
    if (outcome.status != toolhost::workspace::WorkspaceStatus::ok || !scanner.finish())
      state.SkipWithError("read failed");
    benchmark::DoNotOptimize(text.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kFileSize));
}

void BM_ReadTextTool(benchmark::State& state) {
  const std::string path = state.range(0) != 0 ? "mixed.txt" : "ascii.txt";
  const std::string library = std::string(TOOLHOST_BUILTIN_PLUGIN_DIR) + "/workspace.so";
  void* loaded = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!loaded) {
    state.SkipWithError("workspace.so not built");
    return;
  }
  auto entry = reinterpret_cast<th_plugin_entry_fn>(::dlsym(loaded, TOOLHOST_ENTRY_SYMBOL));
  const th_host_offer offer{sizeof offer, TOOLHOST_ABI_VERSION, TOOLHOST_ABI_VERSION, {"b", 1}};
  const th_plugin_v1* plugin = nullptr;
  if (!entry || entry(&offer, &plugin) != TH_ENTRY_OK) {
    state.SkipWithError("entry refused");
    return;
  }
  toolhost::workspace::WorkspaceCallContext context{scratch().handle.get(), false};
  th_host_services services{};
  services.struct_size = sizeof services;
  toolhost::workspace::bind_workspace_services(services, context);
  const std::string arguments = R"({"path":")" + path + R"("})";
  th_invoke_request request{};
  request.struct_size = sizeof request;
  request.tool_name = {"workspace.read_text", 19};
  request.tool_version = {"1.0.0", 5};
  request.arguments_json = {arguments.data(), arguments.size()};
  for (auto _ : state) {
    th_invoke_result result{};
    result.struct_size = sizeof result;
    plugin->invoke(plugin->self, &request, &services, &result);
    if (result.status != TH_INVOKE_OK) state.SkipWithError("read_text failed");
    benchmark::DoNotOptimize(result.output_json.data);
    if (result.release) result.release(result.release_context);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kFileSize));
}

// Argument 0: ASCII text; 1: text dense with multi-byte sequences.
BENCHMARK(BM_Sha256Only)->Arg(0);
BENCHMARK(BM_TextScanInMemory)->Arg(0)->Arg(1);
BENCHMARK(BM_JsonEscape)->Arg(0)->Arg(1);
BENCHMARK(BM_HandleReadAndScan)->Arg(0)->Arg(1);
BENCHMARK(BM_HandleReadAndScanChunk)->Arg(16)->Arg(32)->Arg(64)->Arg(128)->Arg(256);
BENCHMARK(BM_ReadTextTool)->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
