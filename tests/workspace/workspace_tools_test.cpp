// The three workspace tools through the built plugin, with services bound to
// a real WorkspaceHandle: gates 11, 12 and 14, the reason codes, and the
// exact result bytes.
#include "plugin_harness.hpp"
#include "temp_tree.hpp"
#include "workspace/memory_provenance_ledger.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace toolhost::workspace_test {
namespace {

namespace fs = std::filesystem;
using workspace::WorkspaceHandle;

class WorkspaceToolsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { plugin = new LoadedPlugin("workspace.so"); }
  static void TearDownTestSuite() {
    delete plugin;
    plugin = nullptr;
  }

  void SetUp() override {
    auto opened = WorkspaceHandle::open_root(tree.workspace().string(),
                                             std::make_unique<workspace::MemoryProvenanceLedger>());
    ASSERT_NE(opened.handle, nullptr);
    handle = std::move(opened.handle);
  }

  InvokeOutcome read(std::string_view path) {
    return plugin->invoke("workspace.read_text", R"({"path":)" + json_string(path) + "}",
                          handle.get());
  }
  InvokeOutcome write(std::string_view path, std::string_view content) {
    return plugin->invoke(
        "workspace.write_text",
        R"({"path":)" + json_string(path) + R"(,"content":)" + json_string(content) + "}",
        handle.get());
  }
  InvokeOutcome list(std::string_view path, bool recursive) {
    return plugin->invoke("workspace.list_files",
                          R"({"path":)" + json_string(path) + R"(,"recursive":)" +
                              (recursive ? "true" : "false") + "}",
                          handle.get());
  }

  static LoadedPlugin* plugin;
  TempTree tree;
  std::unique_ptr<WorkspaceHandle> handle;
};

LoadedPlugin* WorkspaceToolsTest::plugin = nullptr;

std::string text_of(const InvokeOutcome& outcome) {
  return std::string(boost::json::parse(outcome.output_json).at("content").as_string());
}

TEST_F(WorkspaceToolsTest, ReadReturnsTheTextItsSizeAndChecksum) {
  put_file(tree.workspace() / "a.md", "hi");
  const auto outcome = read("a.md");
  ASSERT_EQ(outcome.status, TH_INVOKE_OK) << outcome.reason_code;
  EXPECT_EQ(
      outcome.output_json,
      R"({"path":"a.md","content":"hi","byte_count":2,)"
      R"("checksum":"sha256:8f434346648f6b96df89dda901c5176b10a6d83961dd3c1ac88b59b2dc327aa4"})");
  EXPECT_EQ(outcome.content, "hi");
  EXPECT_EQ(outcome.output_trust, TH_TRUST_EXTERNAL_UNTRUSTED);
}

// Gate 11, first half.
TEST_F(WorkspaceToolsTest, ANulByteIsNotText) {
  put_file(tree.workspace() / "nul.bin", std::string("a\0b", 3));
  const auto outcome = read("nul.bin");
  EXPECT_EQ(outcome.status, TH_INVOKE_FAILED);
  EXPECT_EQ(outcome.reason_code, "tool.invalid_arguments.not_text");
  EXPECT_FALSE(outcome.escaped);
}

// Gate 11, second half: every way a sequence can straddle the reader's
// 64 KiB chunk boundary decodes to the same text.
TEST_F(WorkspaceToolsTest, ASequenceSplitAcrossTheChunkBoundaryDecodes) {
  for (const std::string_view sequence : {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80"}) {
    for (size_t before = 1; before < sequence.size(); ++before) {
      const std::string text = std::string(65536 - before, 'a') + std::string(sequence) + "tail";
      put_file(tree.workspace() / "split.txt", text);
      const auto outcome = read("split.txt");
      ASSERT_EQ(outcome.status, TH_INVOKE_OK) << outcome.reason_code << " " << before;
      EXPECT_EQ(outcome.content, text);
      EXPECT_EQ(text_of(outcome), text);
    }
  }
}

TEST_F(WorkspaceToolsTest, IllFormedUtf8AnywhereIsNotText) {
  const std::vector<std::string> files = {
      std::string(70000, 'a') + "\xc0\xaf",          // overlong, in the second chunk
      std::string(65535, 'a') + "\xed\xa0\x80",      // surrogate across the boundary
      std::string(65534, 'a') + "\xf4\x90\x80\x80",  // above U+10FFFF across it
      "ends inside \xe2\x82",                        // truncated by end of file
      std::string(65536, 'a') + std::string("\0", 1)};
  for (size_t i = 0; i < files.size(); ++i) {
    put_file(tree.workspace() / "bad.txt", files[i]);
    const auto outcome = read("bad.txt");
    EXPECT_EQ(outcome.status, TH_INVOKE_FAILED) << i;
    EXPECT_EQ(outcome.reason_code, "tool.invalid_arguments.not_text") << i;
  }
}

TEST_F(WorkspaceToolsTest, ABomIsContent) {
  put_file(tree.workspace() / "bom.txt", "\xef\xbb\xbfhi\r\n");
  const auto outcome = read("bom.txt");
  ASSERT_EQ(outcome.status, TH_INVOKE_OK);
  EXPECT_EQ(outcome.content, "\xef\xbb\xbfhi\r\n");
}

// Gate 12.
TEST_F(WorkspaceToolsTest, WritingTwiceIsIdempotentButReportsCreation) {
  const auto first = write("notes/a.md", "caf\xc3\xa9");
  const auto second = write("notes/a.md", "caf\xc3\xa9");
  ASSERT_EQ(first.status, TH_INVOKE_OK) << first.reason_code;
  ASSERT_EQ(second.status, TH_INVOKE_OK) << second.reason_code;
  const std::string checksum =
      "sha256:850f7dc43910ff890f8879c0ed26fe697c93a067ad93a7d50f466a7028a9bf4e";
  EXPECT_EQ(first.output_json, R"({"path":"notes/a.md","byte_count":5,"checksum":")" + checksum +
                                   R"(","created":true})");
  EXPECT_EQ(second.output_json, R"({"path":"notes/a.md","byte_count":5,"checksum":")" + checksum +
                                    R"(","created":false})");
  EXPECT_EQ(first.content, first.output_json);
  EXPECT_EQ(snapshot(tree.workspace()),
            (std::map<std::string, std::string>{{"notes", "directory"},
                                                {"notes/a.md", "file:caf\xc3\xa9"}}));
  // A later read reports the same checksum over the same bytes.
  const auto reread = read("notes/a.md");
  EXPECT_NE(reread.output_json.find(checksum), std::string::npos);
}

TEST_F(WorkspaceToolsTest, WriteNormalizesNothing) {
  const std::string content =
      "\xef\xbb\xbf"
      "a\r\nb\rc\n\n";
  ASSERT_EQ(write("raw.txt", content).status, TH_INVOKE_OK);
  EXPECT_EQ(file_bytes(tree.workspace() / "raw.txt"), content);
  const auto empty = write("empty.txt", "");
  ASSERT_EQ(empty.status, TH_INVOKE_OK);
  EXPECT_EQ(file_bytes(tree.workspace() / "empty.txt"), "");
}

TEST_F(WorkspaceToolsTest, WritingUPlus0000IsRefusedAndWritesNothing) {
  const auto outcome = write("nul.txt", std::string("a\0b", 3));
  EXPECT_EQ(outcome.reason_code, "tool.invalid_arguments.not_text");
  EXPECT_FALSE(fs::exists(tree.workspace() / "nul.txt"));
}

// Gate 14.
TEST_F(WorkspaceToolsTest, TrustFollowsProvenance) {
  ASSERT_EQ(write("a.md", "mine").status, TH_INVOKE_OK);
  put_file(tree.workspace() / "b.md", "placed by the fixture");

  const auto a = read("a.md");
  const auto b = read("b.md");
  ASSERT_EQ(a.status, TH_INVOKE_OK);
  ASSERT_EQ(b.status, TH_INVOKE_OK);
  EXPECT_EQ(a.output_trust, TH_TRUST_INTERNAL_TOOL);
  EXPECT_EQ(b.output_trust, TH_TRUST_EXTERNAL_UNTRUSTED);

  const auto both = list("", false);
  ASSERT_EQ(both.status, TH_INVOKE_OK);
  EXPECT_EQ(both.output_json,
            R"({"path":"","entries":[{"path":"a.md","kind":"file","byte_count":4},)"
            R"({"path":"b.md","kind":"file","byte_count":21}],"truncated":false})");
  EXPECT_EQ(both.output_trust, TH_TRUST_EXTERNAL_UNTRUSTED);

  // Reading b.md did not launder it, and a sandbox write un-trusts a.md.
  EXPECT_EQ(read("b.md").output_trust, TH_TRUST_EXTERNAL_UNTRUSTED);
  ASSERT_EQ(handle->record_sandbox_write("a.md"), workspace::WorkspaceStatus::ok);
  EXPECT_EQ(read("a.md").output_trust, TH_TRUST_EXTERNAL_UNTRUSTED);
}

TEST_F(WorkspaceToolsTest, AListingOfOnlyToolWrittenEntriesIsInternal) {
  ASSERT_EQ(write("d/one.md", "1").status, TH_INVOKE_OK);
  ASSERT_EQ(write("d/two.md", "22").status, TH_INVOKE_OK);
  const auto outcome = list("", true);
  ASSERT_EQ(outcome.status, TH_INVOKE_OK);
  EXPECT_EQ(outcome.output_trust, TH_TRUST_INTERNAL_TOOL);
  EXPECT_EQ(outcome.content,
            "\"d\" (directory)\n\"d/one.md\" (file, 1 bytes)\n\"d/two.md\" (file, 2 bytes)\n");
  // A file the fixture placed in a tool-made directory spoils the listing.
  put_file(tree.workspace() / "d" / "three.md", "3");
  EXPECT_EQ(list("d", false).output_trust, TH_TRUST_EXTERNAL_UNTRUSTED);
}

TEST_F(WorkspaceToolsTest, AnEmptyListingIsInternal) {
  const auto outcome = plugin->invoke("workspace.list_files", "{}", handle.get());
  ASSERT_EQ(outcome.status, TH_INVOKE_OK);
  EXPECT_EQ(outcome.output_json, R"({"path":"","entries":[],"truncated":false})");
  EXPECT_EQ(outcome.content, "(no entries)\n");
  EXPECT_EQ(outcome.output_trust, TH_TRUST_INTERNAL_TOOL);
}

TEST_F(WorkspaceToolsTest, ListingNamesAreQuotedSoTheyCannotForgeLines) {
  put_file(tree.workspace() / "x\n\"y\" (directory)", "");
  const auto outcome = list("", false);
  EXPECT_EQ(outcome.content, "\"x\\n\\\"y\\\" (directory)\" (file, 0 bytes)\n");
}

TEST_F(WorkspaceToolsTest, AListingStopsAtOneThousandEntries) {
  for (int i = 0; i < 1003; ++i) put_file(tree.workspace() / ("f" + std::to_string(i)), "x");
  const auto outcome = list("", false);
  ASSERT_EQ(outcome.status, TH_INVOKE_OK);
  const auto output = boost::json::parse(outcome.output_json).as_object();
  EXPECT_TRUE(output.at("truncated").as_bool());
  const auto& entries = output.at("entries").as_array();
  ASSERT_EQ(entries.size(), 1000u);
  const auto full = handle->list("", false, SIZE_MAX);
  ASSERT_EQ(full.entries.size(), 1003u);
  for (size_t i = 0; i < entries.size(); ++i)
    ASSERT_EQ(entries[i].at("path").as_string(), full.entries[i].path);
  EXPECT_TRUE(outcome.content.ends_with("(truncated after 1000 entries)\n"));
}

TEST_F(WorkspaceToolsTest, EachFailureHasItsReasonCode) {
  put_file(tree.workspace() / "f.txt", "f");
  fs::create_directory(tree.workspace() / "dir");
  EXPECT_EQ(read("missing.txt").reason_code, "tool.not_found.no_such_path");
  EXPECT_EQ(read("dir").reason_code, "tool.invalid_arguments.not_a_file");
  EXPECT_EQ(write("dir", "x").reason_code, "tool.invalid_arguments.not_a_file");
  EXPECT_EQ(write("f.txt/x", "x").reason_code, "tool.not_found.no_such_path");
  EXPECT_EQ(list("f.txt", false).reason_code, "tool.invalid_arguments.not_a_directory");
  EXPECT_EQ(list("missing", true).reason_code, "tool.not_found.no_such_path");
  const auto escape = read("../f.txt");
  EXPECT_EQ(escape.reason_code, "tool.invalid_arguments.path_outside_workspace");
  EXPECT_TRUE(escape.escaped);
}

TEST_F(WorkspaceToolsTest, WithoutWorkspaceServicesTheToolsAreUnavailable) {
  const auto outcome = plugin->invoke("workspace.read_text", R"({"path":"a"})", nullptr);
  EXPECT_EQ(outcome.reason_code, "tool.unavailable.not_granted");
}

}  // namespace
}  // namespace toolhost::workspace_test
