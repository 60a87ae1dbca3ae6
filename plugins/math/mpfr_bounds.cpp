#include "mpfr_bounds.hpp"

#include "enclosure_rounding.hpp"

#include <map>
#include <memory>
#include <utility>

namespace toolhost::math {
namespace {

// Enclosure of ln(10) per working precision, computed once per thread.
struct LnTen {
  explicit LnTen(mpfr_prec_t bits) : lo(bits), hi(bits) {
    mpfr_log_ui(lo.get(), 10, MPFR_RNDD);
    mpfr_log_ui(hi.get(), 10, MPFR_RNDU);
  }
  MpfrValue lo, hi;
};

const LnTen& ln_ten(mpfr_prec_t bits) {
  thread_local std::map<mpfr_prec_t, std::unique_ptr<LnTen>> cache;
  auto& slot = cache[bits];
  if (!slot) slot = std::make_unique<LnTen>(bits);
  return *slot;
}

}  // namespace

void ln_bounds(const Decimal& x, mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) {
  // x_lo <= x < x_lo + ulp(x_lo) and ln is increasing with slope 1/t, so
  // ln(x) <= ln(x_lo) + ulp(x_lo) / x_lo <= ln(x_lo) + 2^(1 - bits).
  MpfrValue x_lo(bits), slack(bits);
  set_decimal(x_lo.get(), x, MPFR_RNDD);
  mpfr_log(lo, x_lo.get(), MPFR_RNDD);
  mpfr_set(hi, lo, MPFR_RNDN);
  mpfr_nextabove(hi);  // ln(x_lo) itself lies below the next number up
  mpfr_set_ui_2exp(slack.get(), 1, 1 - bits, MPFR_RNDN);
  mpfr_add(hi, hi, slack.get(), MPFR_RNDU);
}

void exp_bounds(mpfr_srcptr z_lo, mpfr_srcptr z_hi, mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) {
  MpfrValue width(bits);
  mpfr_exp(lo, z_lo, MPFR_RNDD);
  mpfr_sub(width.get(), z_hi, z_lo, MPFR_RNDU);
  if (mpfr_cmp_d(width.get(), 0.5) > 0 || !mpfr_number_p(width.get())) {
    mpfr_exp(hi, z_hi, MPFR_RNDU);  // a wide enclosure: evaluate the top end
    return;
  }
  // exp(z) <= exp(z_lo) * exp(width) and exp(d) <= 1 + 2d for 0 <= d <= 1.
  mpfr_set(hi, lo, MPFR_RNDN);
  mpfr_nextabove(hi);
  mpfr_mul_2ui(width.get(), width.get(), 1, MPFR_RNDU);
  mpfr_add_ui(width.get(), width.get(), 1, MPFR_RNDU);
  mpfr_mul(hi, hi, width.get(), MPFR_RNDU);
}

void log10_bounds(const Decimal& x, mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) {
  MpfrValue ln_lo(bits), ln_hi(bits), a(bits), b(bits);
  ln_bounds(x, bits, ln_lo.get(), ln_hi.get());
  const LnTen& ten = ln_ten(bits);
  // Dividing by a positive enclosure: the extremes are among the corners.
  mpfr_div(a.get(), ln_lo.get(), ten.lo.get(), MPFR_RNDD);
  mpfr_div(b.get(), ln_lo.get(), ten.hi.get(), MPFR_RNDD);
  mpfr_min(lo, a.get(), b.get(), MPFR_RNDD);
  mpfr_div(a.get(), ln_hi.get(), ten.lo.get(), MPFR_RNDU);
  mpfr_div(b.get(), ln_hi.get(), ten.hi.get(), MPFR_RNDU);
  mpfr_max(hi, a.get(), b.get(), MPFR_RNDU);
}

}  // namespace toolhost::math
