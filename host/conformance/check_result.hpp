// One conformance check's verdict. A skip is never a pass: it says why the
// check could not judge this plugin, and the summary counts it apart.
#pragma once

#include <string>

namespace toolhost::conformance {

enum class Verdict { pass, fail, skip };

struct CheckResult {
  std::string name;
  Verdict verdict = Verdict::fail;
  std::string reason;  // why it failed or was skipped; for a pass, what was covered
  double seconds = 0;
};

inline const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::pass:
      return "pass";
    case Verdict::fail:
      return "fail";
    case Verdict::skip:
      return "skipped";
  }
  return "?";
}

inline CheckResult pass(std::string what) {
  return {"", Verdict::pass, std::move(what), 0};
}
inline CheckResult fail(std::string why) {
  return {"", Verdict::fail, std::move(why), 0};
}
inline CheckResult skip(std::string why) {
  return {"", Verdict::skip, std::move(why), 0};
}

}  // namespace toolhost::conformance
