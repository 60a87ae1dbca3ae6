#include "transcendental.hpp"

#include "enclosure_rounding.hpp"
#include "fixed_point.hpp"
#include "mpfr_bounds.hpp"

#include <algorithm>

namespace toolhost::math {
namespace {

class ExpEnclosure final : public Enclosure {
 public:
  explicit ExpEnclosure(const Decimal& x) : x_(x) {}
  void bounds(mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) const override {
    MpfrValue x_lo(bits), x_hi(bits);
    set_decimal(x_lo.get(), x_, MPFR_RNDD);
    set_decimal(x_hi.get(), x_, MPFR_RNDU);
    exp_bounds(x_lo.get(), x_hi.get(), bits, lo, hi);
  }

 private:
  const Decimal& x_;
};

class LnEnclosure final : public Enclosure {
 public:
  LnEnclosure(const Decimal& x, bool base_ten) : x_(x), base_ten_(base_ten) {}
  void bounds(mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) const override {
    if (base_ten_) {
      log10_bounds(x_, bits, lo, hi);
    } else {
      ln_bounds(x_, bits, lo, hi);
    }
  }

 private:
  const Decimal& x_;
  bool base_ten_;
};

bool is_one(const Decimal& x) {
  if (x.negative || x.is_zero()) return false;
  const Decimal s = strip_trailing_zeros(x);
  return s.coefficient == 1 && s.exponent == 0;
}

}  // namespace

Fault square_root(const Decimal& x, Decimal& out, Flags& flags) {
  if (x.is_zero()) {
    out = Decimal{};
    return Fault::none;
  }
  if (x.negative) return Fault::domain;
  // sqrt is exact integer arithmetic: with the exponent made even and the
  // coefficient scaled to at least 106 digits, the integer square root has
  // at least 53 digits and its remainder is the sticky bit. A zero
  // remainder means the root is exact (a square's root has no more than
  // 26 significant digits, so rounding then only drops zeros).
  const int64_t parity = x.exponent & 1;
  Integer scaled = x.coefficient * power_of_ten(static_cast<uint64_t>(parity));
  const int64_t even_exponent = x.exponent - parity;
  const int64_t half_shift =
      std::max<int64_t>(0, (2 * (kPrecision + 3) - digit_count(scaled) + 1) / 2);
  scaled *= power_of_ten_copy(static_cast<uint64_t>(2 * half_shift));
  bool exact = false;
  const Integer root = fixed::integer_square_root(scaled, exact);
  const bool sticky = !exact;
  return round_into_context(false, root, even_exponent / 2 - half_shift, sticky, out, flags);
}

Fault exponential(const Decimal& x, Decimal& out, Flags& flags) {
  if (x.is_zero()) {
    out = make_decimal(false, 1, 0);
    return Fault::none;
  }
  // |x| >= 10^6 puts exp(x) beyond 10^400000 or below 10^-400000.
  if (adjusted_exponent(x) >= 6) return Fault::out_of_range;
  if (fixed::exponential(x, out, flags)) return Fault::none;
  return round_enclosure(ExpEnclosure(x), out, flags);
}

Fault natural_log(const Decimal& x, Decimal& out, Flags& flags) {
  if (x.is_zero() || x.negative) return Fault::domain;
  if (is_one(x)) {
    out = Decimal{};
    return Fault::none;
  }
  if (fixed::natural_log(x, out, flags)) return Fault::none;
  return round_enclosure(LnEnclosure(x, false), out, flags);
}

Fault log_base_ten(const Decimal& x, Decimal& out, Flags& flags) {
  if (x.is_zero() || x.negative) return Fault::domain;
  // log10 is rational only at powers of ten, where it is their exponent.
  const Decimal s = strip_trailing_zeros(x);
  if (s.coefficient == 1) {
    const int64_t e = s.exponent;
    out = e == 0 ? Decimal{} : make_decimal(e < 0, Integer(e < 0 ? -e : e), 0);
    return Fault::none;
  }
  if (fixed::log_base_ten(x, out, flags)) return Fault::none;
  return round_enclosure(LnEnclosure(x, true), out, flags);
}

}  // namespace toolhost::math
