// Reads the checked-in builtin manifests into registration candidates.
#pragma once

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "registry/registration.hpp"

namespace toolhost::testing {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<registry::Candidate> builtin_manifest_candidates() {
  std::vector<registry::Candidate> out;
  std::vector<std::filesystem::path> files;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(TOOLHOST_MANIFEST_DIR) + "/plugins"))
    files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    auto doc = boost::json::parse(read_file(f));
    for (const auto& t : doc.at("tools").as_array()) out.push_back({t, f.filename().string()});
  }
  return out;
}

}  // namespace toolhost::testing
