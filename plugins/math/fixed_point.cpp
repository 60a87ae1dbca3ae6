#include "fixed_point.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <utility>

// Notation: a fixed-point value V stands for V * 2^-kF; "ulp" is 2^-kF.
// Constants and table entries are stored as K with K <= v * 2^scale < K + 2
// (an MPFR lower bound at 400 bits, floored), so each contributes an error
// below 2 units of its scale.
//
// ln(x), x = c * 10^e:   ln x = (n-1) ln 2 + e ln 10 + ln m,  m = c / 2^(n-1) in [1, 2)
//   m' = m * R1/2^16,  R1 = floor(2^23 / floor(128 m))     -> m' in [1 - 2^-15, 1 + 2^-7)
//   m'' = m' * R2/2^14, R2 = floor(2^28 / floor(2^14 m'))  -> |m'' - 1| < 1.01 * 2^-14
//   (both products exact), ln m = ln m'' - ln(R1/2^16) - ln(R2/2^14) (tables),
//   ln m'' = 2 atanh(t), t = (m''-1)/(m''+1), |t| < 2^-14.98, eight odd terms
//   (tail < 2^-254). Error: t truncated (< 1 ulp, doubled by 2 atanh'),
//   the Horner floors and t^2 (< 1 ulp after the final multiply by t),
//   two final floors, two table entries (< 2 each), ln 2 / ln 10 multiples
//   (< 1.01 ulp): below 12 ulps, against a radius of 64.
//
// exp(z), z in [z_lo, z_hi]: k = round(z_lo / ln 2), r = z - k ln 2 (an
//   interval again), exp(r_lo) = exp(j1/64) exp(j2/2^12) exp(j3/2^18) exp(r3)
//   with r3 in [0, 2^-18) (tables; the split only removes bits of r_lo, so it
//   is exact), exp(r3) by Taylor to r3^11/11! over the common denominator
//   11! (tail < 2^-244). Error: exp(r3) < 3 ulps, each table product adds
//   the entry's error (< 2) times the other factor plus a floor: below 18
//   ulps, against a radius of 64. The upper end: exp(r_hi) <=
//   exp(r_lo) (1 + 2 (r_hi - r_lo)) for a width below 1/4.

namespace toolhost::math::fixed {
namespace {

constexpr long kF = 224;
constexpr long kGuard = 32;  // extra fraction bits of ln 2 and ln 10
constexpr long kRadius = 64;
constexpr mpfr_prec_t kConstantBits = 400;

class Mpz {
 public:
  Mpz() { mpz_init(v_); }
  ~Mpz() { mpz_clear(v_); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  operator mpz_ptr() { return v_; }
  operator mpz_srcptr() const { return v_; }

 private:
  mpz_t v_;
};

int sgn(mpz_srcptr v) {
  return mpz_sgn(v);
}

class Mpfr {
 public:
  Mpfr() { mpfr_init2(v_, kConstantBits); }
  ~Mpfr() { mpfr_clear(v_); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
  operator mpfr_ptr() { return v_; }

 private:
  mpfr_t v_;
};

// K = floor(lower * 2^scale) for an MPFR lower bound of v at 400 bits, so
// K <= v * 2^scale < K + 2 whenever |v| < 2^(399 - scale).
void store_lower(mpz_ptr out, mpfr_ptr lower, long scale) {
  mpfr_mul_2si(lower, lower, scale, MPFR_RNDD);  // exact
  mpfr_get_z(out, lower, MPFR_RNDD);
}

struct Constants {
  Mpz ln2, ln10;  // at kF + kGuard fraction bits
  Constants() {
    Mpfr t;
    mpfr_const_log2(t, MPFR_RNDD);
    store_lower(ln2, t, kF + kGuard);
    mpfr_log_ui(t, 10, MPFR_RNDD);
    store_lower(ln10, t, kF + kGuard);
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

// The series' integer coefficients, pre-shifted to kF fraction bits:
// D/(2j+1) for ln (D = 1*3*...*15) and 11!/n! for exp.
constexpr unsigned long kAtanhDenominator = 2027025;
constexpr std::array<unsigned long, 12> kFactorialRatio = {
    39916800, 39916800, 19958400, 6652800, 1663200, 332640, 55440, 7920, 990, 110, 11, 1};

struct SeriesCoefficients {
  std::array<Mpz, 8> atanh;
  std::array<Mpz, 12> exp;
  SeriesCoefficients() {
    for (unsigned long j = 0; j < atanh.size(); ++j) {
      mpz_set_ui(atanh[j], kAtanhDenominator / (2 * j + 1));
      mpz_mul_2exp(atanh[j], atanh[j], kF);
    }
    for (size_t n = 0; n < exp.size(); ++n) {
      mpz_set_ui(exp[n], kFactorialRatio[n]);
      mpz_mul_2exp(exp[n], exp[n], kF);
    }
  }
};

const SeriesCoefficients& series() {
  static const SeriesCoefficients c;
  return c;
}

// Table entries are computed on first use, per thread, so no call pays for
// entries it does not need and no lock is taken.
template <size_t N>
struct Table {
  std::array<Mpz, N> value;
  std::array<bool, N> ready{};
};

struct Tables {
  Table<128> ln_first;   // -ln(R1 / 2^16) for floor(128 m) = 128 + i
  Table<129> ln_second;  // -ln(R2 / 2^14) for floor(2^14 m') = 2^14 - 1 + i
  Table<64> exp_first;   // exp((i - 32) / 64)
  Table<64> exp_second;  // exp(i / 2^12)
  Table<64> exp_third;   // exp(i / 2^18)
};

Tables& tables() {
  thread_local Tables t;
  return t;
}

template <size_t N>
mpz_srcptr neg_log_entry(Table<N>& table, size_t i, unsigned long r, long shift) {
  if (!table.ready[i]) {
    Mpfr t;
    mpfr_set_ui_2exp(t, r, -shift, MPFR_RNDN);  // exact
    mpfr_log(t, t, MPFR_RNDU);
    mpfr_neg(t, t, MPFR_RNDN);  // a lower bound of -ln(r / 2^shift)
    store_lower(table.value[i], t, kF);
    table.ready[i] = true;
  }
  return table.value[i];
}

mpz_srcptr exp_entry(Table<64>& table, size_t i, long j, long shift) {
  if (!table.ready[i]) {
    Mpfr t;
    mpfr_set_si_2exp(t, j, -shift, MPFR_RNDN);  // exact
    mpfr_exp(t, t, MPFR_RNDD);
    store_lower(table.value[i], t, kF);
    table.ready[i] = true;
  }
  return table.value[i];
}

// Scratch integers reused by every call on a thread: no allocation once
// they have grown to their working size.
struct Scratch {
  Mpz a, b, c, d, e, f, g, lo, hi, zlo, zhi, ten;
  Mpz round_num, round_den, round_digits, round_rem, abs_lo, abs_hi, kept_a, kept_b;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

void to_mpz(mpz_ptr out, const Integer& v) {
  const auto& backend = v.backend();
  mpz_import(out, backend.size(), -1, sizeof(*backend.limbs()), 0, 0, backend.limbs());
}

Integer from_mpz(mpz_srcptr v) {
  Integer out;
  const mp_limb_t* limbs = mpz_limbs_read(v);
  boost::multiprecision::import_bits(out, limbs, limbs + mpz_size(v), GMP_LIMB_BITS, false);
  return out;
}

// 10^0 .. 10^127, built once and read-only afterwards.
struct PowersOfTen {
  std::array<Mpz, 128> value;
  PowersOfTen() {
    mpz_set_ui(value[0], 1);
    for (size_t i = 1; i < value.size(); ++i) mpz_mul_ui(value[i], value[i - 1], 10);
  }
};

const PowersOfTen& ten_table() {
  static const PowersOfTen t;
  return t;
}

void power_of_ten(mpz_ptr out, unsigned long k) {
  if (k < 128) {
    mpz_set(out, ten_table().value[k]);
  } else {
    mpz_ui_pow_ui(out, 10, k);
  }
}

// Rounds a * 2^exp2 (a > 0) half-even to kPrecision significant digits:
// floor(a * 2^exp2 * 10^q) with q chosen for at least 55 digits, plus a
// sticky remainder, then the digits beyond the 50th. The result lands in
// `kept` (exactly kPrecision digits) and `exponent`. false when the result
// is within two decades of Emin or Emax: overflow, underflow and subnormal
// results are left to the MPFR path, which shares round_into_context with
// every other operation.
bool round_bound(mpz_srcptr a, long exp2, mpz_ptr kept, long& exponent) {
  Scratch& s = scratch();
  const PowersOfTen& ten = ten_table();
  const long bits =
      static_cast<long>(mpz_sizeinbase(a, 2)) + exp2;  // a 2^exp2 in [2^(bits-1), 2^bits)
  if (bits > 33300 || bits < -33300) return false;
  const auto lower_digit =
      static_cast<long>(std::floor(static_cast<double>(bits - 1) * 0.30102999566398119521));
  const long q = 54 - lower_digit;  // a 2^exp2 10^q >= 10^54
  bool sticky = false;
  if (q >= 0) {
    power_of_ten(s.ten, static_cast<unsigned long>(q));
    mpz_mul(s.round_num, a, s.ten);
    if (exp2 >= 0) {
      mpz_mul_2exp(s.round_digits, s.round_num, static_cast<mp_bitcnt_t>(exp2));
    } else {
      const auto shift = static_cast<mp_bitcnt_t>(-exp2);
      sticky = mpz_scan1(s.round_num, 0) < shift;
      mpz_fdiv_q_2exp(s.round_digits, s.round_num, shift);
    }
  } else {
    power_of_ten(s.round_den, static_cast<unsigned long>(-q));
    if (exp2 >= 0) {
      mpz_mul_2exp(s.round_num, a, static_cast<mp_bitcnt_t>(exp2));
    } else {
      mpz_set(s.round_num, a);
      mpz_mul_2exp(s.round_den, s.round_den, static_cast<mp_bitcnt_t>(-exp2));
    }
    mpz_fdiv_qr(s.round_digits, s.round_rem, s.round_num, s.round_den);
    sticky = sgn(s.round_rem) != 0;
  }
  // digits: sizeinbase may exceed the true count by one.
  auto digits = static_cast<long>(mpz_sizeinbase(s.round_digits, 10));
  if (digits < 55 || digits > 120) return false;  // cannot happen; stay on the safe side
  if (mpz_cmp(s.round_digits, ten.value[static_cast<size_t>(digits - 1)]) < 0) --digits;
  const long drop = digits - kPrecision;
  mpz_tdiv_qr(kept, s.round_rem, s.round_digits, ten.value[static_cast<size_t>(drop)]);
  // Compare the dropped part (and the sticky tail below it) with half a unit.
  mpz_mul_2exp(s.round_rem, s.round_rem, 1);
  const int order = mpz_cmp(s.round_rem, ten.value[static_cast<size_t>(drop)]);
  const bool up = order > 0 || (order == 0 && (sticky || mpz_odd_p(static_cast<mpz_srcptr>(kept))));
  exponent = drop - q;
  if (up) {
    mpz_add_ui(kept, kept, 1);
    if (mpz_cmp(kept, ten.value[kPrecision]) == 0) {
      mpz_set(kept, ten.value[kPrecision - 1]);
      ++exponent;
    }
  }
  const long adjusted = exponent + kPrecision - 1;
  return adjusted > kEmin + 1 && adjusted < kEmax - 1;
}

// The value lies in [lo, hi] * 2^exp2; both bounds must round to the same
// decimal, which rounding's monotonicity then proves is the true value's.
bool round_interval(mpz_srcptr lo, mpz_srcptr hi, long exp2, Decimal& out, Flags& flags) {
  const int sign = sgn(lo);
  if (sign == 0 || sign != sgn(hi)) return false;
  Scratch& s = scratch();
  long exponent_a = 0, exponent_b = 0;
  if (sign > 0) {
    if (!round_bound(lo, exp2, s.kept_a, exponent_a) ||
        !round_bound(hi, exp2, s.kept_b, exponent_b))
      return false;
  } else {
    mpz_neg(s.abs_lo, hi);
    mpz_neg(s.abs_hi, lo);
    if (!round_bound(s.abs_lo, exp2, s.kept_a, exponent_a) ||
        !round_bound(s.abs_hi, exp2, s.kept_b, exponent_b))
      return false;
  }
  if (exponent_a != exponent_b || mpz_cmp(s.kept_a, s.kept_b) != 0) return false;
  out = make_decimal(sign < 0, from_mpz(s.kept_a), exponent_a);
  flags.inexact = true;
  return true;
}

// lo <= ln(x) * 2^kF <= hi for x > 0.
bool ln_interval(const Decimal& x, mpz_ptr lo, mpz_ptr hi) {
  constexpr int64_t kExponentLimit = int64_t{1} << 20;
  if (x.exponent > kExponentLimit || x.exponent < -kExponentLimit) return false;
  Scratch& s = scratch();
  Tables& tab = tables();
  const Constants& k = constants();
  to_mpz(s.a, x.coefficient);
  const auto n = static_cast<long>(mpz_sizeinbase(s.a, 2));
  if (sgn(s.a) <= 0 || n - 1 > kF) return false;
  mpz_mul_2exp(s.a, s.a, static_cast<mp_bitcnt_t>(kF - (n - 1)));  // m 2^F, exact
  mpz_tdiv_q_2exp(s.b, s.a, kF - 7);
  const unsigned long h1 = mpz_get_ui(s.b);  // [128, 256)
  const unsigned long r1 = (1ul << 23) / h1;
  mpz_mul_ui(s.a, s.a, r1);  // m' 2^(F+16)
  mpz_tdiv_q_2exp(s.b, s.a, kF + 16 - 14);
  const unsigned long h2 = mpz_get_ui(s.b);  // [2^14 - 1, 2^14 + 127]
  const unsigned long r2 = (1ul << 28) / h2;
  mpz_mul_ui(s.a, s.a, r2);  // m'' 2^(F+30)
  // t = (m'' - 1) / (m'' + 1), truncated to kF bits.
  mpz_set_ui(s.b, 1);
  mpz_mul_2exp(s.b, s.b, kF + 30);
  mpz_sub(s.c, s.a, s.b);
  mpz_add(s.d, s.a, s.b);
  mpz_mul_2exp(s.c, s.c, kF);
  mpz_tdiv_q(s.e, s.c, s.d);  // T
  mpz_mul(s.f, s.e, s.e);
  mpz_fdiv_q_2exp(s.f, s.f, kF);  // S = T^2 / 2^F
  // P = D * sum_{k=0..7} s^k / (2k+1), D = 1*3*...*15, by Horner.
  const SeriesCoefficients& coefficients = series();
  mpz_set(s.g, coefficients.atanh[7]);
  for (size_t j = 7; j-- > 0;) {
    mpz_mul(s.g, s.g, s.f);
    mpz_fdiv_q_2exp(s.g, s.g, kF);
    mpz_add(s.g, s.g, coefficients.atanh[j]);
  }
  mpz_mul(s.c, s.e, s.g);
  mpz_fdiv_q_2exp(s.c, s.c, kF - 1);
  mpz_fdiv_q_ui(s.c, s.c, kAtanhDenominator);  // ln m'' 2^F
  if (h1 - 128 >= 128 || h2 + 1 < (1ul << 14) || h2 + 1 - (1ul << 14) >= 129) return false;
  mpz_add(s.c, s.c, neg_log_entry(tab.ln_first, h1 - 128, r1, 16));
  mpz_add(s.c, s.c, neg_log_entry(tab.ln_second, h2 + 1 - (1ul << 14), r2, 14));
  mpz_mul_ui(s.a, k.ln2, static_cast<unsigned long>(n - 1));
  mpz_mul_si(s.b, k.ln10, static_cast<long>(x.exponent));
  mpz_add(s.a, s.a, s.b);
  mpz_fdiv_q_2exp(s.a, s.a, kGuard);
  mpz_add(s.c, s.c, s.a);
  mpz_sub_ui(lo, s.c, kRadius);
  mpz_add_ui(hi, s.c, kRadius);
  return true;
}

// lo * 2^exp2 <= exp(z) <= hi * 2^exp2 for every z with
// z_lo <= z * 2^kF <= z_hi.
bool exp_interval(mpz_srcptr z_lo, mpz_srcptr z_hi, mpz_ptr lo, mpz_ptr hi, long& exp2) {
  if (mpz_sizeinbase(z_lo, 2) > kF + 15 || mpz_sizeinbase(z_hi, 2) > kF + 15) return false;
  Scratch& s = scratch();
  Tables& tab = tables();
  const Constants& k = constants();
  mpz_sub(s.g, z_hi, z_lo);  // width
  if (sgn(s.g) < 0 || mpz_sizeinbase(s.g, 2) > kF - 2) return false;
  const double z = std::ldexp(mpz_get_d(z_lo), -static_cast<int>(kF));
  const long shift = std::lround(z / 0.69314718055994530942);
  // shift * ln 2 * 2^(F+guard) lies in [a + min(0, 2 shift), a + max(0, 2 shift)].
  mpz_mul_si(s.a, k.ln2, shift);
  mpz_set(s.b, s.a);
  if (shift >= 0) {
    mpz_add_ui(s.b, s.b, 2 * static_cast<unsigned long>(shift));
  } else {
    mpz_sub_ui(s.a, s.a, 2 * static_cast<unsigned long>(-shift));
  }
  mpz_fdiv_q_2exp(s.a, s.a, kGuard);
  mpz_cdiv_q_2exp(s.b, s.b, kGuard);
  mpz_sub(s.c, z_lo, s.b);                            // r_lo
  if (mpz_sizeinbase(s.c, 2) > kF - 1) return false;  // |r_lo| < 1/2
  // r_lo = j1/64 + j2/2^12 + j3/2^18 + r3, j1 in [-32, 32), j2, j3 in [0, 64).
  mpz_fdiv_q_2exp(s.d, s.c, kF - 6);
  const long j1 = mpz_get_si(s.d);
  mpz_fdiv_r_2exp(s.c, s.c, kF - 6);
  mpz_tdiv_q_2exp(s.d, s.c, kF - 12);
  const unsigned long j2 = mpz_get_ui(s.d);
  mpz_tdiv_r_2exp(s.c, s.c, kF - 12);
  mpz_tdiv_q_2exp(s.d, s.c, kF - 18);
  const unsigned long j3 = mpz_get_ui(s.d);
  mpz_tdiv_r_2exp(s.c, s.c, kF - 18);  // r3
  if (j1 < -32 || j1 >= 32 || j2 >= 64 || j3 >= 64) return false;
  // sum_{n=0..11} r3^n 11!/n! by Horner, then / 11!.
  const SeriesCoefficients& coefficients = series();
  mpz_set(s.e, coefficients.exp[11]);
  for (size_t n = 11; n-- > 0;) {
    mpz_mul(s.e, s.e, s.c);
    mpz_fdiv_q_2exp(s.e, s.e, kF);
    mpz_add(s.e, s.e, coefficients.exp[n]);
  }
  mpz_fdiv_q_ui(s.e, s.e, kFactorialRatio[0]);
  mpz_mul(s.e, s.e, exp_entry(tab.exp_third, j3, static_cast<long>(j3), 18));
  mpz_fdiv_q_2exp(s.e, s.e, kF);
  mpz_mul(s.e, s.e, exp_entry(tab.exp_second, j2, static_cast<long>(j2), 12));
  mpz_fdiv_q_2exp(s.e, s.e, kF);
  mpz_mul(s.e, s.e, exp_entry(tab.exp_first, static_cast<size_t>(j1 + 32), j1, 6));
  mpz_fdiv_q_2exp(s.e, s.e, kF);
  mpz_sub_ui(lo, s.e, kRadius);
  mpz_add_ui(hi, s.e, kRadius);
  // r_hi - r_lo = (z_hi - z_lo) + (b - a) <= width + the ln 2 multiple's spread.
  mpz_sub(s.a, s.b, s.a);
  mpz_add(s.g, s.g, s.a);
  if (sgn(s.g) > 0) {
    if (mpz_sizeinbase(s.g, 2) > kF - 2) return false;
    mpz_mul(s.a, hi, s.g);
    mpz_mul_2exp(s.a, s.a, 1);
    mpz_cdiv_q_2exp(s.a, s.a, kF);
    mpz_add(hi, hi, s.a);
  }
  exp2 = shift - kF;
  return true;
}

// floor and ceiling of x * 2^kF.
void decimal_to_fixed(const Decimal& x, mpz_ptr lo, mpz_ptr hi) {
  Scratch& s = scratch();
  to_mpz(s.a, x.coefficient);
  mpz_mul_2exp(s.a, s.a, kF);
  if (x.exponent >= 0) {
    power_of_ten(s.ten, static_cast<unsigned long>(x.exponent));
    mpz_mul(lo, s.a, s.ten);
    mpz_set(hi, lo);
  } else {
    power_of_ten(s.ten, static_cast<unsigned long>(-x.exponent));
    mpz_fdiv_q(lo, s.a, s.ten);
    mpz_cdiv_q(hi, s.a, s.ten);
  }
  if (x.negative) {
    mpz_neg(lo, lo);
    mpz_neg(hi, hi);
    mpz_swap(lo, hi);
  }
}

}  // namespace

bool natural_log(const Decimal& x, Decimal& out, Flags& flags) {
  Scratch& s = scratch();
  if (!ln_interval(x, s.lo, s.hi)) return false;
  return round_interval(s.lo, s.hi, -kF, out, flags);
}

bool log_base_ten(const Decimal& x, Decimal& out, Flags& flags) {
  Scratch& s = scratch();
  if (!ln_interval(x, s.lo, s.hi)) return false;
  const int sign = sgn(s.lo);
  if (sign == 0 || sign != sgn(s.hi)) return false;
  // ln 10 * 2^(F+guard) lies in [K, K + 2): divide by the end that moves
  // each bound outward.
  const Constants& k = constants();
  mpz_add_ui(s.a, k.ln10, 2);
  mpz_mul_2exp(s.lo, s.lo, kF + kGuard);
  mpz_mul_2exp(s.hi, s.hi, kF + kGuard);
  const mpz_srcptr larger = s.a;
  const mpz_srcptr smaller = k.ln10;
  mpz_fdiv_q(s.lo, s.lo, sign > 0 ? larger : smaller);
  mpz_cdiv_q(s.hi, s.hi, sign > 0 ? smaller : larger);
  return round_interval(s.lo, s.hi, -kF, out, flags);
}

bool exponential(const Decimal& x, Decimal& out, Flags& flags) {
  if (adjusted_exponent(x) >= 6) return false;
  Scratch& s = scratch();
  decimal_to_fixed(x, s.zlo, s.zhi);
  long exp2 = 0;
  if (!exp_interval(s.zlo, s.zhi, s.lo, s.hi, exp2)) return false;
  return round_interval(s.lo, s.hi, exp2, out, flags);
}

bool power(const Decimal& x, const Decimal& y, Decimal& out, Flags& flags) {
  if (y.is_zero() || adjusted_exponent(y) > 6 || y.exponent < -200) return false;
  Scratch& s = scratch();
  if (!ln_interval(x, s.lo, s.hi)) return false;
  // y ln x over the interval: y is exact, so its sign picks the ends.
  to_mpz(s.a, y.coefficient);
  if (y.exponent > 0) {
    power_of_ten(s.ten, static_cast<unsigned long>(y.exponent));
    mpz_mul(s.a, s.a, s.ten);
  }
  if (y.negative) mpz_neg(s.a, s.a);
  mpz_mul(s.zlo, s.a, y.negative ? s.hi : s.lo);
  mpz_mul(s.zhi, s.a, y.negative ? s.lo : s.hi);
  if (y.exponent < 0) {
    power_of_ten(s.ten, static_cast<unsigned long>(-y.exponent));
    mpz_fdiv_q(s.zlo, s.zlo, s.ten);
    mpz_cdiv_q(s.zhi, s.zhi, s.ten);
  }
  long exp2 = 0;
  if (!exp_interval(s.zlo, s.zhi, s.lo, s.hi, exp2)) return false;
  return round_interval(s.lo, s.hi, exp2, out, flags);
}

Integer integer_square_root(const Integer& v, bool& exact) {
  Scratch& s = scratch();
  to_mpz(s.a, v);
  mpz_sqrtrem(s.b, s.c, s.a);
  exact = sgn(s.c) == 0;
  return from_mpz(s.b);
}

}  // namespace toolhost::math::fixed
