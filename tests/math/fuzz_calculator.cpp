// libFuzzer entry: any bytes through tokenizer, parser and evaluator. The
// core must answer every input with a value or one of the eight codes.
#include "calculator.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto outcome = toolhost::math::evaluate(input);
  if (outcome.ok) {
    if (outcome.result.empty() || !outcome.reason_code.empty()) std::abort();
  } else if (outcome.reason_code.rfind("tool.invalid_arguments.", 0) != 0) {
    std::abort();
  }
  return 0;
}
