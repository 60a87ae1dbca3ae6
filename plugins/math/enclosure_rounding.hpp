// Correct rounding of results that are not exact decimals (sqrt, exp, ln,
// log10 and powers whose exact value has been ruled out), by Ziv's method
// over MPFR: compute a lower and an upper bound of the true value with
// directed rounding, round both into the context, and accept the answer
// only when the two agree. Rounding is monotone, so agreement of the bounds
// proves the rounding of every value between them, the true one included.
// When they disagree the working precision doubles.
#pragma once

#include "context_rounding.hpp"
#include "decimal_number.hpp"

#include <mpfr.h>

namespace toolhost::math {

// Writes lower and upper bounds of the true value into lo and hi, both
// already initialised at `bits` of precision.
class Enclosure {
 public:
  virtual void bounds(mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi) const = 0;

 protected:
  ~Enclosure() = default;
};

// The true value must not be a decimal with 55 or fewer significant digits
// (callers detect exact results before), so it is never a rounding tie.
// Sets Inexact on success.
Fault round_enclosure(const Enclosure& enclosure, Decimal& out, Flags& flags);

// x converted to binary, rounded in the given direction.
void set_decimal(mpfr_ptr target, const Decimal& x, mpfr_rnd_t direction);

// RAII for one mpfr_t.
class MpfrValue {
 public:
  explicit MpfrValue(mpfr_prec_t bits) { mpfr_init2(value_, bits); }
  ~MpfrValue() { mpfr_clear(value_); }
  MpfrValue(const MpfrValue&) = delete;
  MpfrValue& operator=(const MpfrValue&) = delete;
  mpfr_ptr get() { return value_; }
  mpfr_srcptr get() const { return value_; }

 private:
  mpfr_t value_;
};

}  // namespace toolhost::math
