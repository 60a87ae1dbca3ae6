// The differential driver: reads one JSON string per line from stdin and
// answers one JSON array per line, ["ok", result, exact] or
// ["err", reason_code], for oracle.py to compare with Python's decimal.
#include "calculator.hpp"

#include <boost/json.hpp>

#include <iostream>
#include <string>

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    boost::json::error_code ec;
    const boost::json::value v = boost::json::parse(line, ec);
    if (ec || !v.is_string()) {
      std::cerr << "not a JSON string: " << line << "\n";
      return 2;
    }
    const auto& s = v.get_string();
    const auto outcome = toolhost::math::evaluate(std::string_view(s.data(), s.size()));
    boost::json::array answer;
    if (outcome.ok) {
      answer = {"ok", outcome.result, outcome.exact};
    } else {
      answer = {"err", outcome.reason_code};
    }
    std::cout << boost::json::serialize(answer) << "\n";
  }
  return 0;
}
