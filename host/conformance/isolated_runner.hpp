// Runs each conformance check in its own forked child, like pluginval's
// separate validation process: a plugin that crashes or hangs fails the
// check it crashed in (with the signal), and the runner goes on to the next.
// The parent never loads the plugin, and stays single-threaded so fork is safe.
#pragma once

#include <chrono>
#include <functional>
#include <vector>

#include "conformance/check_result.hpp"
#include "conformance/checks.hpp"

namespace toolhost::conformance {

struct RunnerOptions {
  // A check still running after this is killed and fails.
  std::chrono::seconds watchdog{60};
};

std::vector<CheckResult> run_suite(const SuiteOptions& options, const RunnerOptions& runner,
                                   const std::function<void(const CheckResult&)>& on_result);

}  // namespace toolhost::conformance
