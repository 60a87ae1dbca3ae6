#include "conformance/checks.hpp"

namespace toolhost::conformance {

const std::vector<CheckDef>& all_checks() {
  static const std::vector<CheckDef> kChecks = {
      {"abi.negotiates", 1, "the plugin accepts the host's ABI range", &check_abi_negotiates},
      {"abi.refuses_foreign_range", 1, "a range without its ABI is refused cleanly",
       &check_abi_refuses_foreign_range},
      {"manifest.registers", 1, "every tool version passes all seven registration refusals",
       &check_manifest_registers},
      {"manifest.reason_codes", 1, "every declared reason code is in the message table",
       &check_reason_codes},
      {"schemas.compile", 1, "input and output schemas compile and are closed",
       &check_schemas_compile},
      {"imports.ambient_state", 1, "no clock, environment, raw file or socket imports",
       &check_ambient_imports},
      {"arguments.invalid_never_invoked", 1, "invalid generated arguments never reach invoke",
       &check_invalid_never_invoked},
      {"fuzz.arguments", 1, "mutated arguments never crash the plugin", &check_fuzz_arguments},
      {"outputs.validate", 2, "outputs validate against output_schema", &check_outputs_validate},
      {"outputs.max_output_bytes", 2, "settled outputs respect max_output_bytes",
       &check_output_bounds},
      {"determinism.read_only", 2, "READ_ONLY tools give identical bytes twice",
       &check_read_only_deterministic},
      {"deadline.honoured", 3, "a call whose deadline has passed returns promptly",
       &check_deadline_honoured},
  };
  return kChecks;
}

}  // namespace toolhost::conformance
