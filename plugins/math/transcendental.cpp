#include "transcendental.hpp"

#include "enclosure_rounding.hpp"
#include "mpfr_bounds.hpp"

namespace toolhost::math {
namespace {

using MpfrFunction = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// f(x) for an increasing f: bounds from the rounded-down and rounded-up
// conversions of x, each evaluated in the same direction.
class IncreasingFunction final : public Enclosure {
 public:
  IncreasingFunction(MpfrFunction f, const Decimal& x) : f_(f), x_(x) {}
  void bounds(mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) const override {
    MpfrValue x_lo(bits), x_hi(bits);
    set_decimal(x_lo.get(), x_, MPFR_RNDD);
    set_decimal(x_hi.get(), x_, MPFR_RNDU);
    f_(lo, x_lo.get(), MPFR_RNDD);
    f_(hi, x_hi.get(), MPFR_RNDU);
  }

 private:
  MpfrFunction f_;
  const Decimal& x_;
};

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
  // sqrt(c * 10^e) with c free of trailing zeros is a decimal exactly when
  // e is even and c is a perfect square (a square's root has no trailing
  // zero either), and then it has at most 26 digits.
  const Decimal s = strip_trailing_zeros(x);
  if (s.exponent % 2 == 0) {
    const Integer root = boost::multiprecision::sqrt(s.coefficient);
    if (root * root == s.coefficient) {
      return round_into_context(false, root, s.exponent / 2, false, out, flags);
    }
  }
  return round_enclosure(IncreasingFunction(&mpfr_sqrt, x), out, flags);
}

Fault exponential(const Decimal& x, Decimal& out, Flags& flags) {
  if (x.is_zero()) {
    out = make_decimal(false, 1, 0);
    return Fault::none;
  }
  // |x| >= 10^6 puts exp(x) beyond 10^400000 or below 10^-400000.
  if (adjusted_exponent(x) >= 6) return Fault::out_of_range;
  return round_enclosure(ExpEnclosure(x), out, flags);
}

Fault natural_log(const Decimal& x, Decimal& out, Flags& flags) {
  if (x.is_zero() || x.negative) return Fault::domain;
  if (is_one(x)) {
    out = Decimal{};
    return Fault::none;
  }
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
  return round_enclosure(LnEnclosure(x, true), out, flags);
}

}  // namespace toolhost::math
