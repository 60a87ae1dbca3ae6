// The built math.so through the C ABI only: negotiation, the embedded
// manifest against the checked-in file, and one invocation end to end.
#include <toolhost/plugin.h>

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string_view view(th_str s) {
  return s.data ? std::string_view(s.data, s.size) : "";
}
th_str str(std::string_view s) {
  return th_str{s.data(), s.size()};
}

class MathPlugin : public ::testing::Test {
 protected:
  void SetUp() override {
    library_ = dlopen(TOOLHOST_BUILTIN_PLUGIN_DIR "/math.so", RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(library_, nullptr) << dlerror();
    entry_ = reinterpret_cast<th_plugin_entry_fn>(dlsym(library_, TOOLHOST_ENTRY_SYMBOL));
    ASSERT_NE(entry_, nullptr);
    th_host_offer offer{sizeof(th_host_offer), 1, 1, str("test")};
    ASSERT_EQ(entry_(&offer, &plugin_), TH_ENTRY_OK);
    ASSERT_NE(plugin_, nullptr);
  }
  void TearDown() override {
    if (plugin_ && plugin_->shutdown) plugin_->shutdown(plugin_->self);
    if (library_) dlclose(library_);
  }

  struct Answer {
    int32_t status = -1;
    std::string output_json, content, reason_code;
  };

  Answer invoke(std::string_view arguments_json) {
    th_invoke_request request{};
    request.struct_size = sizeof(request);
    request.tool_name = str("math.calculate");
    request.tool_version = str("1.0.0");
    request.arguments_json = str(arguments_json);
    request.invocation_id = str("inv-1");
    request.session_id = str("ses-1");
    th_host_services services{};
    services.struct_size = sizeof(services);
    th_invoke_result result{};
    result.struct_size = sizeof(result);
    EXPECT_EQ(plugin_->invoke(plugin_->self, &request, &services, &result), 0);
    Answer a;
    a.status = result.status;
    a.output_json = std::string(view(result.output_json));
    a.content = std::string(view(result.content));
    a.reason_code = std::string(view(result.reason_code));
    if (result.release) result.release(result.release_context);
    return a;
  }

  void* library_ = nullptr;
  th_plugin_entry_fn entry_ = nullptr;
  const th_plugin_v1* plugin_ = nullptr;
};

TEST_F(MathPlugin, RefusesAnAbiItDoesNotImplement) {
  const th_plugin_v1* other = nullptr;
  th_host_offer offer{sizeof(th_host_offer), 2, 3, str("future")};
  EXPECT_EQ(entry_(&offer, &other), TH_ENTRY_ABI_UNSUPPORTED);
}

TEST_F(MathPlugin, ManifestIsTheCheckedInFile) {
  EXPECT_EQ(plugin_->abi_version, 1u);
  const std::string expected = read_file(TOOLHOST_MANIFEST_DIR "/plugins/math.json");
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(view(plugin_->manifest(plugin_->self)), expected);
}

TEST_F(MathPlugin, SeventeenTimesTwentyThree) {
  const Answer a = invoke(R"({"expression":"17 * 23"})");
  EXPECT_EQ(a.status, TH_INVOKE_OK);
  EXPECT_EQ(a.output_json, R"({"result":"391","result_exact":true,"expression":"17 * 23"})");
  EXPECT_EQ(a.content, "391");
}

TEST_F(MathPlugin, InexactResultsSayTheyWereRounded) {
  const Answer a = invoke(R"({"expression":"1/3"})");
  EXPECT_EQ(a.status, TH_INVOKE_OK);
  EXPECT_EQ(a.output_json, R"({"result":"0.33333333333333333333333333333333333333333333333333",)"
                           R"("result_exact":false,"expression":"1/3"})");
  EXPECT_EQ(a.content,
            "0.33333333333333333333333333333333333333333333333333\n"
            "rounded to 50 significant digits");
}

TEST_F(MathPlugin, ExpressionIsEchoedVerbatim) {
  const Answer a = invoke(R"({"expression":" 2\t**  10 "})");
  EXPECT_EQ(a.output_json, R"({"result":"1024","result_exact":true,"expression":" 2\t**  10 "})");
}

TEST_F(MathPlugin, FailuresCarryTheReasonCode) {
  const Answer a = invoke(R"({"expression":"1/0"})");
  EXPECT_EQ(a.status, TH_INVOKE_FAILED);
  EXPECT_EQ(a.reason_code, "tool.invalid_arguments.division_by_zero");
  EXPECT_EQ(invoke(R"({"expression":"9**9**9"})").reason_code,
            "tool.invalid_arguments.result_out_of_range");
}

}  // namespace
