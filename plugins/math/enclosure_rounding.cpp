#include "enclosure_rounding.hpp"

#include <array>
#include <string>

namespace toolhost::math {
namespace {

// Digits read from each bound: five beyond the precision, so the truncated
// tail acts as a sticky remainder below the rounding digit.
constexpr int kReadDigits = kPrecision + 5;

// Binary exponents beyond which a bound is certainly outside the context
// (2^33300 is about 10^10024, far above 10^10001 and far below 10^-10049
// when negated); they spare mpfr_get_str values of extreme magnitude.
constexpr mpfr_exp_t kBinaryExponentLimit = 33300;

enum class Kind { value, overflow, underflow };

struct Candidate {
  Kind kind = Kind::value;
  Decimal value;

  bool same_as(const Candidate& other) const {
    if (kind != other.kind) return false;
    if (kind != Kind::value) return true;
    return value.negative == other.value.negative && value.exponent == other.value.exponent &&
           value.coefficient == other.value.coefficient;
  }
};

// Rounds one bound as if it were the true value: truncated to kReadDigits
// digits plus a sticky remainder. That map is monotone in the bound and
// equals correct rounding for every value that is not a short decimal.
Candidate classify(mpfr_ptr bound) {
  Candidate c;
  if (mpfr_zero_p(bound)) {
    c.kind = Kind::underflow;
    return c;
  }
  if (mpfr_inf_p(bound) || mpfr_nan_p(bound)) {
    c.kind = Kind::overflow;
    return c;
  }
  const mpfr_exp_t binary_exponent = mpfr_get_exp(bound);
  if (binary_exponent > kBinaryExponentLimit) {
    c.kind = Kind::overflow;
    return c;
  }
  if (binary_exponent < -kBinaryExponentLimit) {
    c.kind = Kind::underflow;
    return c;
  }
  std::array<char, kReadDigits + 2> buffer{};
  mpfr_exp_t decimal_exponent = 0;
  mpfr_get_str(buffer.data(), &decimal_exponent, 10, kReadDigits, bound, MPFR_RNDZ);
  const bool negative = buffer[0] == '-';
  const char* digits = buffer.data() + (negative ? 1 : 0);
  // value = 0.d1d2...dn * 10^decimal_exponent, so its adjusted exponent is
  // decimal_exponent - 1 before any rounding: the Underflow test of the
  // context looks at the unrounded value.
  if (decimal_exponent - 1 < kEmin) {
    c.kind = Kind::underflow;
    return c;
  }
  Flags ignored;
  const Fault fault = round_into_context(negative, Integer(digits),
                                         static_cast<int64_t>(decimal_exponent) - kReadDigits, true,
                                         c.value, ignored);
  if (fault != Fault::none) c.kind = Kind::overflow;
  return c;
}

}  // namespace

void set_decimal(mpfr_ptr target, const Decimal& x, mpfr_rnd_t direction) {
  std::string text = x.negative ? "-" : "";
  text += x.coefficient.str();
  text += 'e';
  text += std::to_string(x.exponent);
  mpfr_set_str(target, text.c_str(), 10, direction);
}

Fault round_enclosure(const Enclosure& enclosure, Decimal& out, Flags& flags) {
  constexpr mpfr_prec_t kFirstBits = 256;
  constexpr mpfr_prec_t kLastBits = mpfr_prec_t{1} << 18;
  Candidate last;
  for (mpfr_prec_t bits = kFirstBits; bits <= kLastBits; bits *= 2) {
    MpfrValue lo(bits), hi(bits);
    enclosure.bounds(bits, lo.get(), hi.get());
    Candidate low = classify(lo.get());
    Candidate high = classify(hi.get());
    if (low.same_as(high)) {
      if (low.kind != Kind::value) return Fault::out_of_range;
      out = std::move(low.value);
      flags.inexact = true;
      return Fault::none;
    }
    last = std::move(high);
  }
  // Only a true value that is itself a rounding tie could get here, and the
  // callers rule those out; answer with the last upper bound's rounding.
  if (last.kind != Kind::value) return Fault::out_of_range;
  out = std::move(last.value);
  flags.inexact = true;
  return Fault::none;
}

}  // namespace toolhost::math
