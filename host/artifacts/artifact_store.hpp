// Content-addressed artifact files plus the `artifacts` table.
//
// Bytes live once per digest at <state_dir>/artifacts/sha256/<first2>/<hex>;
// each row of `artifacts` gives a digest a name, a media type, an origin and
// an owner (session, run, invocation). Writers stream into
// <state_dir>/artifacts/tmp/ and publish with a rename, so a reader never sees
// a partial file.
#pragma once

#include "artifacts/artifact_types.hpp"
#include "store/database.hpp"
#include "store/id_generator.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace toolhost::artifacts {

class ArtifactWriter;

struct ResolvedArtifact {
  ArtifactRef ref;
  std::string bytes;  // verified against ref.checksum
};

class ArtifactStore {
 public:
  // Uses db's state directory. The Database must outlive the store.
  ArtifactStore(store::Database& db, store::IdGenerator& ids);
  ~ArtifactStore();

  // Opens a run-bound writer. Bytes are appended, then committed or aborted;
  // a writer destroyed uncommitted aborts.
  ArtifactResult<std::unique_ptr<ArtifactWriter>> begin(ArtifactMeta meta);

  // begin + append + commit for bytes already in memory (the pipeline's
  // oversized outputs, origin TOOL_OUTPUT).
  ArtifactResult<ArtifactRef> put_bytes(ArtifactMeta meta, std::string_view bytes);

  // The artifact `id` as seen from `session_id` at `now_us`: refuses other
  // sessions (not_found, so ids of other sessions are not confirmed),
  // expired artifacts and origins tools may not read, then re-hashes the file
  // and refuses bytes that no longer match. Any run of the session may
  // resolve it: an exported file belongs to the conversation, not the run.
  ArtifactResult<ResolvedArtifact> resolve(std::string_view id, std::string_view session_id,
                                           int64_t now_us);

  // The reference of a stored artifact, with no ownership check (front ends
  // listing what a reply attaches).
  ArtifactResult<ArtifactRef> get_ref(std::string_view id);

  // Where the bytes of a digest (64 hex) live.
  std::filesystem::path blob_path(std::string_view sha256_hex) const;
  const std::filesystem::path& root() const { return root_; }

 private:
  friend class ArtifactWriter;
  ArtifactResult<ArtifactRef> publish(const ArtifactMeta& meta, const std::filesystem::path& temp,
                                      const std::string& sha256_hex, uint64_t byte_count);

  store::Database& db_;
  store::IdGenerator& ids_;
  store::RandomUuidGenerator temp_names_;
  std::filesystem::path root_;  // <state_dir>/artifacts
};

}  // namespace toolhost::artifacts
