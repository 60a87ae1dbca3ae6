// Batch driver for the differential test: loads a plugin like the host does
// and answers one invocation of system.current_time per input line.
//
//   input:  <timezone>\t<clock microseconds>\n
//   output: <status>\t<output_json>\t<content>\t<reason_code>\n
//
// The timezone is placed into the arguments as a JSON string, so any
// characters but tab and newline can be tried.
#include <cstdio>
#include <iostream>
#include <string>

#include <boost/json.hpp>

#include "plugin_harness.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " <plugin.so>\n";
    return 2;
  }
  const toolhost::test::LoadedPlugin plugin(argv[1]);
  if (!plugin.error().empty()) {
    std::cerr << "cannot load " << argv[1] << ": " << plugin.error() << "\n";
    return 1;
  }
  std::string line;
  std::string out;
  while (std::getline(std::cin, line)) {
    const size_t tab = line.find('\t');
    if (tab == std::string::npos) {
      std::cerr << "malformed input line: " << line << "\n";
      return 2;
    }
    const std::string zone = line.substr(0, tab);
    const int64_t now = std::stoll(line.substr(tab + 1));
    boost::json::object args;
    args["timezone"] = zone;
    const auto outcome = plugin.invoke("system.current_time", boost::json::serialize(args), now);
    out.clear();
    out += std::to_string(outcome.status) + '\t' + outcome.output_json + '\t' + outcome.content +
           '\t' + outcome.reason_code + '\n';
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  return 0;
}
