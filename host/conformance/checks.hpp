// The conformance checks. Like pluginval's tests, each has a minimum
// strictness level and scales its effort with the level; each runs in its
// own child process (isolated_runner.hpp), so a check can crash without
// taking the others with it.
#pragma once

#include <string>
#include <vector>

#include "conformance/check_result.hpp"
#include "conformance/plugin_under_test.hpp"

namespace toolhost::conformance {

struct CheckDef {
  const char* name;
  int min_level;
  const char* summary;
  CheckResult (*run)(const SuiteOptions& options);
};

const std::vector<CheckDef>& all_checks();

// Checks, grouped by what they read.
CheckResult check_abi_negotiates(const SuiteOptions& options);
CheckResult check_abi_refuses_foreign_range(const SuiteOptions& options);
CheckResult check_manifest_registers(const SuiteOptions& options);
CheckResult check_reason_codes(const SuiteOptions& options);
CheckResult check_schemas_compile(const SuiteOptions& options);
CheckResult check_ambient_imports(const SuiteOptions& options);
CheckResult check_invalid_never_invoked(const SuiteOptions& options);
CheckResult check_outputs_validate(const SuiteOptions& options);
CheckResult check_read_only_deterministic(const SuiteOptions& options);
CheckResult check_output_bounds(const SuiteOptions& options);
CheckResult check_deadline_honoured(const SuiteOptions& options);
CheckResult check_fuzz_arguments(const SuiteOptions& options);

}  // namespace toolhost::conformance
