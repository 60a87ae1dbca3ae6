// Registration: seven ordered refusals over every loaded tool version, as a
// pure function of the declared specs and the checked-in tables. Nothing else
// is constructed, so the whole check runs inside a unit test.
//
//   1 name grammar        2 reserved domains   3 domain membership
//   4 uniqueness          5 schema validity    6 field completeness
//   7 forced trust
#pragma once

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "registry/tool_spec.hpp"
#include "tables/message_table.hpp"
#include "tables/partition_table.hpp"

namespace toolhost::registry {

struct Candidate {
  boost::json::value spec;  // one entry of a manifest's "tools" array
  std::string origin;       // the plugin file that declared it
};

struct Refusal {
  std::string origin;
  std::string tool;  // name@version as declared (or a placeholder)
  int step = 0;
  std::string step_name;
  std::string reason;
  // "<origin>: <tool>: registration step <n> (<name>): <reason>"
  std::string line() const;
};

struct RegistrationTables {
  const tables::PartitionTable& partition;
  const tables::MessageTable& messages;
};

struct RegistrationOutcome {
  std::vector<ToolSpec> specs;      // every candidate, when no refusal
  std::vector<Refusal> refusals;    // each refused candidate's first failing step
  bool ok() const { return refusals.empty(); }
};

// Runs the steps in order over all candidates (step-major: every candidate
// passes step n before any is checked at step n+1). A candidate refused at a
// step is not checked further.
RegistrationOutcome register_tools(const std::vector<Candidate>& candidates,
                                   const RegistrationTables& tables);

const char* step_name(int step);

// Exposed for tests: the registry name pattern [a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+, <= 96 chars.
bool is_valid_tool_name(std::string_view name);

}  // namespace toolhost::registry
