// The protocol revisions this server speaks, and how a legacy client's
// requested revision is answered.
#pragma once

#include <span>
#include <string_view>

namespace toolhost::mcp {

// Revisions negotiated through the initialize handshake (legacy era).
inline constexpr std::string_view kRevision20250618 = "2025-06-18";
inline constexpr std::string_view kRevision20251125 = "2025-11-25";
// The stateless revision: version and capabilities travel in every request.
inline constexpr std::string_view kRevision20260728 = "2026-07-28";

std::span<const std::string_view> legacy_revisions();
std::span<const std::string_view> modern_revisions();

// The initialize answer: the client's revision when we speak it, otherwise
// the latest legacy revision (the client then decides whether to go on).
std::string_view negotiate_legacy_revision(std::string_view requested);

bool is_modern_revision(std::string_view revision);

}  // namespace toolhost::mcp
