// Checks that call the plugin through the host's own pipeline, with
// arguments generated from each tool's input schema.
#include <chrono>
#include <future>
#include <thread>

#include "conformance/argument_generator.hpp"
#include "conformance/checks.hpp"
#include "loader/plugin_call.hpp"

namespace toolhost::conformance {

namespace json = boost::json;
using Clock = std::chrono::steady_clock;

namespace {

// Effort grows with the level; the time budget keeps even level 10 to seconds.
int cases_per_tool(const SuiteOptions& o, int base) {
  return base * o.level;
}
Clock::time_point budget(const SuiteOptions& o) {
  return Clock::now() + std::chrono::milliseconds(300 * o.level);
}

std::unique_ptr<PluginUnderTest> open_or(const SuiteOptions& options, CheckResult& failed) {
  std::string error;
  auto p = PluginUnderTest::open(options, &error);
  if (!p) failed = fail("cannot compose the plugin: " + error);
  return p;
}

uint64_t seed_for(const SuiteOptions& o, const registry::ToolSpec& spec, uint64_t salt) {
  return o.seed * 1000003u + std::hash<std::string>{}(spec.id()) + salt;
}

// Failure kinds that are the plugin's fault whatever the arguments were.
bool is_defect(const pipeline::CallOutcome& o) {
  if (!o.failure) return false;
  return o.failure->kind == "PLUGIN_FAULT" || o.failure->kind == "OUTPUT_INVALID" ||
         o.failure->kind == "INTERNAL" || o.failure->kind == "TIMEOUT";
}

std::string describe(const registry::ToolSpec& spec, const std::string& args,
                     const pipeline::CallOutcome& o) {
  std::string a = args.size() > 200 ? args.substr(0, 200) + "..." : args;
  return spec.id() + " " + a + ": " +
         (o.failure ? o.failure->reason_code + " (" + o.failure->detail + ")" : "ok");
}

}  // namespace

CheckResult check_invalid_never_invoked(const SuiteOptions& options) {
  CheckResult failed;
  auto p = open_or(options, failed);
  if (!p) return failed;
  size_t cases = 0;
  for (const auto& spec : p->tools()) {
    ArgumentGenerator gen(spec.input_schema, seed_for(options, spec, 1));
    for (int round = 0; round < std::max(1, options.level / 3); ++round) {
      auto invalid = gen.invalid();
      invalid.emplace_back("{not json");  // a string value stands for raw text below
      for (size_t i = 0; i < invalid.size(); ++i) {
        std::string args =
            i + 1 == invalid.size() ? std::string("{not json") : json::serialize(invalid[i]);
        // The host's validator has the last word; only what it rejects must not invoke.
        json::error_code ec;
        auto parsed = json::parse(args, ec);
        if (!ec && parsed.is_object()) {
          spec.compiled_input->apply_defaults(parsed);
          if (!spec.compiled_input->validate(parsed)) continue;
        }
        int before = p->invocations();
        auto o = p->call(spec, args);
        ++cases;
        if (p->invocations() != before)
          return fail(spec.id() + " was invoked with invalid arguments " + args);
        if (!o.failure || o.failure->kind != "INVALID_ARGUMENTS")
          return fail("invalid arguments were not refused as INVALID_ARGUMENTS: " +
                      describe(spec, args, o));
      }
    }
  }
  if (cases == 0) return skip("no invalid arguments could be generated from the schemas");
  return pass(std::to_string(cases) +
              " invalid argument sets refused before invoke (invoke count unchanged)");
}

CheckResult check_outputs_validate(const SuiteOptions& options) {
  CheckResult failed;
  auto p = open_or(options, failed);
  if (!p) return failed;
  size_t ok = 0, refused = 0;
  std::string skipped;
  auto until = budget(options);
  for (const auto& spec : p->tools()) {
    if (auto why = p->why_not_callable(spec)) {
      skipped += " " + spec.id() + " (" + *why + ")";
      continue;
    }
    ArgumentGenerator gen(spec.input_schema, seed_for(options, spec, 2));
    for (int i = 0; i < cases_per_tool(options, 3) && Clock::now() < until; ++i) {
      auto args = json::serialize(gen.valid());
      auto o = p->call(spec, args);
      if (is_defect(o)) return fail(describe(spec, args, o));
      if (o.status == pipeline::CallStatus::ok)
        ++ok;
      else
        ++refused;
    }
  }
  if (ok + refused == 0) return skip("no tool could be called here:" + skipped);
  if (ok == 0)
    return skip("no generated call succeeded, so no output could be checked (" +
                std::to_string(refused) +
                " refused by the plugin with declared codes); give the input schema \"examples\" "
                "for the suite to use");
  return pass(std::to_string(ok) + " outputs validated, " + std::to_string(refused) +
              " calls refused with declared codes" +
              (skipped.empty() ? "" : "; not called:" + skipped));
}

CheckResult check_output_bounds(const SuiteOptions& options) {
  CheckResult failed;
  auto p = open_or(options, failed);
  if (!p) return failed;
  size_t checked = 0, excerpted = 0;
  auto until = budget(options);
  for (const auto& spec : p->tools()) {
    if (p->why_not_callable(spec)) continue;
    ArgumentGenerator gen(spec.input_schema, seed_for(options, spec, 2));
    for (int i = 0; i < cases_per_tool(options, 2) && Clock::now() < until; ++i) {
      auto args = json::serialize(gen.valid());
      auto o = p->call(spec, args);
      if (o.status != pipeline::CallStatus::ok) continue;
      ++checked;
      if (o.content.size() > spec.max_output_bytes)
        return fail(spec.id() + ": settled content is " + std::to_string(o.content.size()) +
                    " bytes, over max_output_bytes " + std::to_string(spec.max_output_bytes));
      if (json::serialize(o.output).size() > spec.max_output_bytes && !o.full_output_artifact)
        return fail(spec.id() + ": structured output over max_output_bytes without an artifact");
      if (o.full_output_artifact) ++excerpted;
    }
  }
  if (checked == 0) return skip("no successful call to measure");
  return pass(std::to_string(checked) + " results within max_output_bytes (" +
              std::to_string(excerpted) + " excerpted with the full bytes as an artifact)");
}

CheckResult check_read_only_deterministic(const SuiteOptions& options) {
  CheckResult failed;
  auto p = open_or(options, failed);
  if (!p) return failed;
  size_t pairs = 0, tools = 0;
  auto until = budget(options);
  for (const auto& spec : p->tools()) {
    if (spec.idempotency != "READ_ONLY" || p->why_not_callable(spec)) continue;
    ++tools;
    ArgumentGenerator gen(spec.input_schema, seed_for(options, spec, 3));
    for (int i = 0; i < cases_per_tool(options, 2) && Clock::now() < until; ++i) {
      auto args = json::serialize(gen.valid());
      auto a = p->call(spec, args);
      auto b = p->call(spec, args);
      auto bytes = [](const pipeline::CallOutcome& o) {
        return json::serialize(o.output) + "\n" + o.content + "\n" +
               (o.failure ? o.failure->reason_code : "");
      };
      if (bytes(a) != bytes(b))
        return fail(spec.id() + " " + args + ": two calls under the fixed clock differ:\n  " +
                    bytes(a) + "\n  " + bytes(b));
      ++pairs;
    }
  }
  if (tools == 0) return skip("the plugin declares no READ_ONLY tool callable here");
  return pass(std::to_string(pairs) + " call pairs byte-identical across " + std::to_string(tools) +
              " READ_ONLY tools");
}

CheckResult check_deadline_honoured(const SuiteOptions& options) {
  CheckResult failed;
  auto p = open_or(options, failed);
  if (!p) return failed;
  // Invoke directly with a deadline that has already passed: is_cancelled
  // answers 1 from the start. The plugin may finish quick work or give up,
  // but must return promptly.
  const auto allowed = std::chrono::seconds(2);
  size_t calls = 0;
  credentials::NoCredentials none;
  for (const auto& spec : p->tools()) {
    if (p->why_not_callable(spec)) continue;
    ArgumentGenerator gen(spec.input_schema, seed_for(options, spec, 4));
    for (int i = 0; i < std::max(1, options.level / 3); ++i) {
      auto context = pipeline::make_call_context(p->clock(), none, nullptr,
                                                 Clock::now() - std::chrono::milliseconds(1));
      context->cancelled.store(true);
      context->tool_id = spec.id();
      auto args = json::serialize(gen.valid());
      auto library = p->library();
      auto done = std::async(std::launch::async, [library, context, spec, args] {
        return loader::call_plugin(library->api(),
                                   {spec.name, spec.version, args, "conformance", "conformance"},
                                   &context->services);
      });
      if (done.wait_for(allowed) != std::future_status::ready) {
        // The runner's watchdog ends this child; report before it does.
        return fail(spec.id() + " " + args +
                    ": still running 2 s after a call whose deadline had passed");
      }
      done.get();
      ++calls;
    }
  }
  if (calls == 0) return skip("no tool could be called here");
  return pass(std::to_string(calls) + " cancelled calls returned within 2 s");
}

CheckResult check_fuzz_arguments(const SuiteOptions& options) {
  CheckResult failed;
  auto p = open_or(options, failed);
  if (!p) return failed;
  size_t cases = 0, invoked_before = static_cast<size_t>(p->invocations());
  auto until = budget(options);
  for (const auto& spec : p->tools()) {
    if (p->why_not_callable(spec)) continue;
    ArgumentGenerator gen(spec.input_schema, seed_for(options, spec, 5));
    for (int i = 0; i < cases_per_tool(options, 10) && Clock::now() < until; ++i) {
      auto args = json::serialize(gen.mutated());
      auto o = p->call(spec, args);
      ++cases;
      // A crash ends this child and the runner reports it; here, catch faults short of a crash.
      if (o.failure && (o.failure->kind == "PLUGIN_FAULT" || o.failure->kind == "INTERNAL"))
        return fail(describe(spec, args, o));
    }
  }
  if (cases == 0) return skip("no tool could be called here");
  return pass(std::to_string(cases) + " mutated calls (" +
              std::to_string(static_cast<size_t>(p->invocations()) - invoked_before) +
              " reached invoke) without a crash or fault (seed " + std::to_string(options.seed) +
              ")");
}

}  // namespace toolhost::conformance
