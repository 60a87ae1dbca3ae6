// The exit codes of `toolhost`, documented in --help and the README.
#pragma once

namespace toolhost::cli {
inline constexpr int kExitOk = 0;
inline constexpr int kExitCallFailed = 1;        // the tool call failed (any kind, denial included)
inline constexpr int kExitUsage = 2;             // usage or configuration error
inline constexpr int kExitAwaitingApproval = 3;  // the call waits for an approval
inline constexpr int kExitStartupRefused = 4;    // a plugin failed to load or registration refused a tool
inline constexpr int kExitInternal = 5;          // the host itself failed (e.g. the state store)

inline constexpr const char* kExitCodesHelp =
    "Exit codes: 0 ok; 1 the tool call failed; 2 usage or configuration error; "
    "3 awaiting approval; 4 startup refused (plugin load or registration); 5 internal error.";
}  // namespace toolhost::cli
