// The results as a JUnit XML report (one testcase per check; a skip is
// <skipped/>, never a pass), for CI systems that render JUnit.
#pragma once

#include <string>
#include <vector>

#include "conformance/check_result.hpp"

namespace toolhost::conformance {

std::string junit_report(const std::string& suite_name, const std::vector<CheckResult>& results);

}  // namespace toolhost::conformance
