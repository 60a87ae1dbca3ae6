#include "artifacts/artifact_store.hpp"

#include "artifacts/artifact_writer.hpp"
#include "artifacts/sha256_hasher.hpp"
#include "store/statement.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <system_error>

namespace toolhost::artifacts {
namespace {

namespace fs = std::filesystem;
using store::StoreException;

constexpr std::string_view kRefColumns =
    "SELECT id, name, media_type, byte_count, sha256, origin, session_id, expires_at_us "
    "FROM artifacts ";

struct Row {
  ArtifactRef ref;
  std::string sha256_hex;
  std::string session_id;
  std::optional<int64_t> expires_at_us;
};

Row read_row(const store::Statement& st) {
  Row row;
  row.ref.id = st.column_text(0);
  row.ref.name = st.column_text(1);
  row.ref.media_type = st.column_text(2);
  row.ref.byte_count = static_cast<uint64_t>(st.column_int(3));
  row.sha256_hex = st.column_text(4);
  row.ref.checksum = "sha256:" + row.sha256_hex;
  row.ref.origin = st.column_text(5);
  row.session_id = st.column_text(6);
  row.expires_at_us = st.column_optional_int(7);
  return row;
}

// A rename is durable only once its directory entry is on disk.
void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

ArtifactStatus io_failure(const std::string& message) {
  return ArtifactStatus::failure(ArtifactCode::io_error, message);
}

}  // namespace

ArtifactStore::ArtifactStore(store::Database& db, store::IdGenerator& ids)
    : db_(db), ids_(ids), root_(db.state_dir() / "artifacts") {}

ArtifactStore::~ArtifactStore() = default;

fs::path ArtifactStore::blob_path(std::string_view sha256_hex) const {
  const std::string hex(sha256_hex);
  return root_ / "sha256" / hex.substr(0, 2) / hex;
}

ArtifactResult<std::unique_ptr<ArtifactWriter>> ArtifactStore::begin(ArtifactMeta meta) {
  if (meta.name.empty() || meta.media_type.empty() || meta.session_id.empty() ||
      meta.run_id.empty()) {
    return ArtifactStatus::failure(ArtifactCode::invalid_meta,
                                   "name, media type, session and run are required");
  }
  meta.max_bytes = std::min(meta.max_bytes, kArtifactHardCeilingBytes);
  std::error_code ec;
  const fs::path temp_dir = root_ / "tmp";
  fs::create_directories(temp_dir, ec);
  if (ec) return io_failure("cannot create " + temp_dir.string() + ": " + ec.message());
  // Temp names are random even under a deterministic id generator: a crashed
  // process may have left a file with the name a counter would pick again.
  const fs::path temp = temp_dir / (temp_names_.next() + ".part");
  std::FILE* file = std::fopen(temp.c_str(), "wbx");
  if (!file) return io_failure("cannot create " + temp.string());
  return std::unique_ptr<ArtifactWriter>(new ArtifactWriter(*this, std::move(meta), temp, file));
}

ArtifactResult<ArtifactRef> ArtifactStore::put_bytes(ArtifactMeta meta, std::string_view bytes) {
  auto writer = begin(std::move(meta));
  if (!writer) return writer.status();
  if (auto appended = writer.value()->append(bytes); !appended.ok()) return appended;
  return writer.value()->commit();
}

ArtifactResult<ArtifactRef> ArtifactStore::publish(const ArtifactMeta& meta, const fs::path& temp,
                                                   const std::string& sha256_hex,
                                                   uint64_t byte_count) {
  try {
    store::Transaction tx(db_);
    {
      // The run already holds this artifact: return it and store nothing.
      auto existing = db_.prepare(std::string(kRefColumns) +
                                  "WHERE session_id = ?1 AND run_id = ?2 AND origin = ?3 AND "
                                  "name = ?4 AND media_type = ?5 AND sha256 = ?6");
      existing->bind(1, meta.session_id);
      existing->bind(2, meta.run_id);
      existing->bind(3, to_string(meta.origin));
      existing->bind(4, meta.name);
      existing->bind(5, meta.media_type);
      existing->bind(6, sha256_hex);
      if (existing->step()) return read_row(*existing).ref;
    }

    const fs::path blob = blob_path(sha256_hex);
    std::error_code ec;
    if (!fs::exists(blob, ec)) {
      fs::create_directories(blob.parent_path(), ec);
      if (ec) return io_failure("cannot create " + blob.parent_path().string());
      fs::rename(temp, blob, ec);
      if (ec) return io_failure("cannot publish " + blob.string() + ": " + ec.message());
      // Published bytes are never rewritten in place.
      fs::permissions(blob, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read,
                      ec);
      sync_directory(blob.parent_path());
    }

    ArtifactRef ref{"art_" + ids_.next(),   meta.name,
                    meta.media_type,        byte_count,
                    "sha256:" + sha256_hex, std::string(to_string(meta.origin))};
    auto insert = db_.prepare(
        "INSERT INTO artifacts (id, sha256, byte_count, name, media_type, origin, provenance, "
        "session_id, run_id, invocation_id, created_at_us, expires_at_us) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
    insert->bind(1, ref.id);
    insert->bind(2, sha256_hex);
    insert->bind(3, static_cast<int64_t>(byte_count));
    insert->bind(4, meta.name);
    insert->bind(5, meta.media_type);
    insert->bind(6, ref.origin);
    insert->bind(7, to_string(meta.provenance));
    insert->bind(8, meta.session_id);
    insert->bind(9, meta.run_id);
    insert->bind(10, meta.invocation_id);
    insert->bind(11, meta.created_at_us);
    insert->bind(12, meta.expires_at_us);
    insert->step();
    tx.commit();
    return ref;
  } catch (const StoreException& e) {
    return io_failure(e.what());
  } catch (const std::exception& e) {
    return io_failure(e.what());
  }
}

ArtifactResult<ArtifactRef> ArtifactStore::get_ref(std::string_view id) {
  try {
    auto st = db_.prepare(std::string(kRefColumns) + "WHERE id = ?1");
    st->bind(1, id);
    if (!st->step()) {
      return ArtifactStatus::failure(ArtifactCode::not_found, "no artifact " + std::string(id));
    }
    return read_row(*st).ref;
  } catch (const std::exception& e) {
    return io_failure(e.what());
  }
}

ArtifactResult<ResolvedArtifact> ArtifactStore::resolve(std::string_view id,
                                                        std::string_view session_id,
                                                        int64_t now_us) {
  Row row;
  try {
    auto st = db_.prepare(std::string(kRefColumns) + "WHERE id = ?1");
    st->bind(1, id);
    if (!st->step()) {
      return ArtifactStatus::failure(ArtifactCode::not_found, "no artifact " + std::string(id));
    }
    row = read_row(*st);
  } catch (const std::exception& e) {
    return io_failure(e.what());
  }
  if (row.session_id != session_id) {
    return ArtifactStatus::failure(ArtifactCode::not_found,
                                   "artifact " + std::string(id) + " belongs to another session");
  }
  if (row.expires_at_us && *row.expires_at_us <= now_us) {
    return ArtifactStatus::failure(ArtifactCode::expired,
                                   "artifact " + std::string(id) + " expired");
  }
  const auto origin = parse_origin(row.ref.origin);
  if (!origin || !resolvable_by_tools(*origin)) {
    return ArtifactStatus::failure(ArtifactCode::ineligible,
                                   "artifact origin " + row.ref.origin + " is not resolvable");
  }

  const fs::path blob = blob_path(row.sha256_hex);
  std::ifstream in(blob, std::ios::binary);
  if (!in) return io_failure("cannot open " + blob.string());
  std::string bytes;
  bytes.resize(row.ref.byte_count);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  const bool short_read = static_cast<uint64_t>(in.gcount()) != row.ref.byte_count;
  const bool longer = in.peek() != std::char_traits<char>::eof();
  if (short_read || longer || Sha256Hasher::hex_of(bytes) != row.sha256_hex) {
    return ArtifactStatus::failure(
        ArtifactCode::checksum_mismatch,
        "stored bytes of " + std::string(id) + " do not match " + row.ref.checksum);
  }
  return ResolvedArtifact{std::move(row.ref), std::move(bytes)};
}

}  // namespace toolhost::artifacts
