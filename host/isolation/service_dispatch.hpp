// Host side of a proxied service call: decodes one service_call payload from
// a worker, runs it against the call's real service table (so every rule of
// the in-process services — workspace containment, escape records, artifact
// limits, refusal after abandonment — applies unchanged), and encodes the reply.
#pragma once

#include <toolhost/plugin.h>

#include <optional>
#include <string>
#include <string_view>

namespace toolhost::isolation {

// The reply payload, or nullopt when the request is malformed (a protocol fault).
std::optional<std::string> dispatch_service_call(const th_host_services& services,
                                                 std::string_view request);

}  // namespace toolhost::isolation
