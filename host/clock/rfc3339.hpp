// Parses an RFC 3339 timestamp into an instant. The offset (Z or ±HH:MM) is
// mandatory: a naive timestamp names no instant, and guessing the local zone
// would bring in exactly the ambient state the Clock port keeps out.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toolhost::clock {

struct Rfc3339Result {
  int64_t utc_us = 0;  // microseconds since the Unix epoch, UTC
  std::string error;   // empty on success; otherwise what is wrong, for the operator

  bool ok() const { return error.empty(); }
};

// Accepts YYYY-MM-DDTHH:MM:SS[.f{1,6}](Z|±HH:MM), with `t`/`z` in lower case
// as RFC 3339 allows. Refuses leap seconds (:60; the port counts Unix time),
// more than six fractional digits (finer than the port can hold), and a
// missing offset. "-00:00" is accepted as UTC: it states the instant and only
// disclaims the local offset.
Rfc3339Result parse_rfc3339(std::string_view text);

}  // namespace toolhost::clock
