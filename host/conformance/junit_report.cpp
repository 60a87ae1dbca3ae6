#include "conformance/junit_report.hpp"

#include <cstdio>

namespace toolhost::conformance {

namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML 1.0 cannot carry most control characters; show them.
        if (c < 0x20 && c != '\n' && c != '\t')
          out += "?";
        else
          out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

}  // namespace

std::string junit_report(const std::string& suite_name, const std::vector<CheckResult>& results) {
  size_t failures = 0, skipped = 0;
  double total = 0;
  for (const auto& r : results) {
    failures += r.verdict == Verdict::fail;
    skipped += r.verdict == Verdict::skip;
    total += r.seconds;
  }
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", total);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<testsuite name=\"" + escape(suite_name) + "\" tests=\"" +
         std::to_string(results.size()) + "\" failures=\"" + std::to_string(failures) +
         "\" skipped=\"" + std::to_string(skipped) + "\" time=\"" + seconds + "\">\n";
  for (const auto& r : results) {
    std::snprintf(seconds, sizeof seconds, "%.3f", r.seconds);
    out += "  <testcase classname=\"toolhost.conformance\" name=\"" + escape(r.name) +
           "\" time=\"" + seconds + "\"";
    if (r.verdict == Verdict::pass) {
      out += "/>\n";
    } else if (r.verdict == Verdict::skip) {
      out += "><skipped message=\"" + escape(r.reason) + "\"/></testcase>\n";
    } else {
      out += "><failure message=\"" + escape(r.reason) + "\"/></testcase>\n";
    }
  }
  out += "</testsuite>\n";
  return out;
}

}  // namespace toolhost::conformance
