#include "power.hpp"

#include "arithmetic.hpp"
#include "enclosure_rounding.hpp"
#include "fixed_point.hpp"
#include "mpfr_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace toolhost::math {
namespace {

// Beyond this many digits an integral power is not computed exactly: its
// exact value then has more than 52 significant digits and no trailing
// zero, so it is neither representable nor a rounding tie (see docs/math.md).
constexpr int64_t kExactPowerDigits = 200;

// x^y = exp(y ln x) for x > 0: an enclosure of ln x, multiplied by the
// enclosure of y (the extremes of a product of intervals are among its
// corners), then exp of the resulting interval.
class PowerEnclosure final : public Enclosure {
 public:
  PowerEnclosure(const Decimal& x, const Decimal& y) : x_(x), y_(y) {}
  void bounds(mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) const override {
    MpfrValue ln_lo(bits), ln_hi(bits), y_lo(bits), y_hi(bits), z_lo(bits), z_hi(bits), t(bits);
    ln_bounds(x_, bits, ln_lo.get(), ln_hi.get());
    set_decimal(y_lo.get(), y_, MPFR_RNDD);
    set_decimal(y_hi.get(), y_, MPFR_RNDU);
    bool first = true;
    for (mpfr_ptr a : {ln_lo.get(), ln_hi.get()}) {
      for (mpfr_ptr b : {y_lo.get(), y_hi.get()}) {
        mpfr_mul(t.get(), a, b, MPFR_RNDD);
        if (first || mpfr_less_p(t.get(), z_lo.get())) mpfr_set(z_lo.get(), t.get(), MPFR_RNDD);
        mpfr_mul(t.get(), a, b, MPFR_RNDU);
        if (first || mpfr_greater_p(t.get(), z_hi.get())) mpfr_set(z_hi.get(), t.get(), MPFR_RNDU);
        first = false;
      }
    }
    exp_bounds(z_lo.get(), z_hi.get(), bits, lo, hi);
  }

 private:
  const Decimal& x_;
  const Decimal& y_;
};

// log10 |x^y| = y log10|x| estimated in double precision. Where the
// estimate is far outside [-10050, 10001] the result certainly overflows or
// underflows, and 9^387420489 is refused without any arbitrary-precision
// work. The margins cover the estimate's relative error (about 1e-12) many
// times over; anything closer is left to the exact computation.
bool certainly_out_of_range(const Decimal& x, const Decimal& y) {
  const Decimal xs = strip_trailing_zeros(x);
  const std::string digits = xs.coefficient.str().substr(0, 17);
  const double mantissa =
      std::stod(digits) / std::pow(10.0, static_cast<double>(digits.size() - 1));
  const double log_x = static_cast<double>(adjusted_exponent(xs)) + std::log10(mantissa);
  if (std::fabs(log_x) < 1e-3) return false;  // near 1: cancellation, no claim
  const int64_t adj_y = adjusted_exponent(y);
  if (adj_y > 300) return true;  // |y| >= 1e300 and |log10 x| >= 1e-3
  const Decimal ys = strip_trailing_zeros(y);
  const std::string y_digits = ys.coefficient.str().substr(0, 17);
  const double y_value =
      (y.negative ? -1.0 : 1.0) * std::stod(y_digits) *
      std::pow(10.0, static_cast<double>(adj_y) - static_cast<double>(y_digits.size() - 1));
  const double estimate = y_value * log_x;
  return estimate > 10001.0 * 1.001 + 10.0 || estimate < -10050.0 * 1.001 - 10.0;
}

Fault rounded_power(bool negative, const Decimal& magnitude, const Decimal& y, Decimal& out,
                    Flags& flags) {
  if (fixed::power(magnitude, y, out, flags)) {
    if (negative) out = negate(out);
    return Fault::none;
  }
  const Fault fault = round_enclosure(PowerEnclosure(magnitude, y), out, flags);
  if (fault == Fault::none && negative) out = negate(out);
  return fault;
}

int64_t saturate(const Integer& v) {
  constexpr int64_t kLimit = int64_t{1} << 40;  // far outside every exponent range
  if (v > kLimit) return kLimit;
  if (v < -kLimit) return -kLimit;
  return static_cast<int64_t>(v);
}

// x^y for x != 0 and integral y.
Fault integral_power(const Decimal& x, const Decimal& y, Decimal& out, Flags& flags) {
  const Decimal xs = strip_trailing_zeros(x);
  const Decimal ys = strip_trailing_zeros(y);  // integral, so ys.exponent >= 0
  const bool odd = ys.exponent == 0 && boost::multiprecision::bit_test(ys.coefficient, 0);
  const bool negative = x.negative && odd;

  if (xs.coefficient == 1) {
    // (±10^e)^y = ±10^(e*y): exact, only the exponent range can refuse it.
    Integer e = Integer(xs.exponent) * ys.coefficient;
    if (ys.exponent > 0)
      e *= power_of_ten_copy(static_cast<uint64_t>(std::min<int64_t>(ys.exponent, 30)));
    if (y.negative) e = -e;
    return round_into_context(negative, 1, saturate(e), false, out, flags);
  }

  const int64_t base_digits = digit_count(xs.coefficient);
  int64_t magnitude = 0;
  if (to_small_integer(absolute(ys), magnitude) && magnitude <= kExactPowerDigits / base_digits) {
    const auto n = static_cast<unsigned>(magnitude);
    const Integer p = boost::multiprecision::pow(xs.coefficient, n);
    const int64_t e = xs.exponent * static_cast<int64_t>(n);
    if (!y.negative) return round_into_context(negative, p, e, false, out, flags);
    return divide_integers(negative, Integer(1), p, -e, out, flags);
  }
  return rounded_power(negative, absolute(x), y, out, flags);
}

// floor(c^(1/n)) by Newton's iteration from an overestimate.
Integer integer_root(const Integer& c, unsigned n) {
  const unsigned bits = static_cast<unsigned>(boost::multiprecision::msb(c)) + 1;
  Integer x = boost::multiprecision::pow(Integer(2), (bits + n - 1) / n);
  for (;;) {
    const Integer next = ((n - 1) * x + c / boost::multiprecision::pow(x, n - 1)) / n;
    if (next >= x) return x;
    x = next;
  }
}

uint64_t count_factor(Integer v, unsigned p, uint64_t cap) {
  uint64_t count = 0;
  while (count < cap && (v % p).is_zero()) {
    v /= p;
    ++count;
  }
  return count;
}

// x^y for x > 0, x != 1 and non-integral y. With y = m/n in lowest terms
// (n = 2^a 5^b > 1) and x = c * 10^e (c without trailing zeros), x^y is
// rational exactly when n divides e and c is a perfect n-th power; then
// x^y = (t * 10^(e/n))^m with t^n = c, an integral power. Otherwise x^y is
// irrational and is rounded from an enclosure.
Fault fractional_power(const Decimal& x, const Decimal& y, Decimal& out, Flags& flags) {
  const Decimal xs = strip_trailing_zeros(x);
  const Decimal ys = strip_trailing_zeros(y);  // ys.exponent < 0
  const auto k = static_cast<uint64_t>(-ys.exponent);
  // n >= 2^k; n | e needs n <= |e| <= 10049 and a perfect n-th power c > 1
  // needs n < log2(10^50), so k above 14 rules both out.
  if (k <= 14) {
    const uint64_t twos = count_factor(ys.coefficient, 2, k);
    const uint64_t fives = count_factor(ys.coefficient, 5, k);
    const uint64_t n =
        (uint64_t{1} << (k - twos)) * static_cast<uint64_t>(boost::multiprecision::pow(
                                          Integer(5), static_cast<unsigned>(k - fives)));
    const Integer m = ys.coefficient /
                      boost::multiprecision::pow(Integer(2), static_cast<unsigned>(twos)) /
                      boost::multiprecision::pow(Integer(5), static_cast<unsigned>(fives));
    const auto ni = static_cast<int64_t>(n);
    if (xs.exponent % ni == 0 && (xs.coefficient == 1 || n <= 166)) {
      Integer t = 1;
      if (xs.coefficient != 1) t = integer_root(xs.coefficient, static_cast<unsigned>(n));
      if (boost::multiprecision::pow(t, static_cast<unsigned>(n)) == xs.coefficient) {
        const Decimal base = make_decimal(false, t, xs.exponent / ni);
        const Decimal exponent = make_decimal(y.negative, m, 0);
        return integral_power(base, exponent, out, flags);
      }
    }
  }
  return rounded_power(false, x, y, out, flags);
}

}  // namespace

Fault power(const Decimal& x, const Decimal& y, Decimal& out, Flags& flags) {
  const bool integral = is_integral(y);
  if (x.is_zero()) {
    if (y.is_zero()) return Fault::domain;
    if (y.negative) return Fault::division_by_zero;
    out = Decimal{};
    return Fault::none;
  }
  if (integral && y.is_zero()) {
    out = make_decimal(false, 1, 0);
    return Fault::none;
  }
  if (!(x.negative && !integral) && certainly_out_of_range(x, y)) return Fault::out_of_range;
  if (integral) {
    return integral_power(x, y, out, flags);
  }
  if (x.negative) return Fault::domain;
  const Decimal xs = strip_trailing_zeros(x);
  if (xs.coefficient == 1 && xs.exponent == 0) {
    out = make_decimal(false, 1, 0);
    return Fault::none;
  }
  return fractional_power(x, y, out, flags);
}

}  // namespace toolhost::math
