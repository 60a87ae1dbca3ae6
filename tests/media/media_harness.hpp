// What the media tests share: a state store with a session, a call context
// bound exactly as the pipeline binds one (real artifact services, a
// deadline, a cancellation flag), and a credential source holding the
// secret and, for the test-endpoint plugin, the local server's address and CA.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "clock/fixed_clock.hpp"
#include "credentials/credential_source.hpp"
#include "pipeline/call_context.hpp"
#include "pipeline/pipeline.hpp"
#include "store/database.hpp"
#include "store/id_generator.hpp"
#include "store/session_store.hpp"

namespace toolhost::media::testing {

inline constexpr const char* kSecret = "ts-secret-7f3a9c1d-do-not-leak";

class MapCredentials final : public credentials::CredentialSource {
 public:
  std::map<std::string, std::string, std::less<>> values;
  std::optional<std::string> lookup(std::string_view reference) const override {
    auto it = values.find(reference);
    if (it == values.end()) return std::nullopt;
    return it->second;
  }
};

inline std::filesystem::path fresh_state_dir(const char* tag) {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path() /
             (std::string("toolhost-media-") + tag + "-" + std::to_string(::getpid()) + "-" +
              std::to_string(counter++));
  std::filesystem::remove_all(dir);
  return dir;
}

// A store with a session and an artifact store. (No Pipeline: its executor
// pool is kept alive by its worker threads, and a pipeline that never ran a
// call would show up as a leak.)
struct StoreHarness {
  std::unique_ptr<store::Database> db;
  store::RandomUuidGenerator ids;
  clock::FixedClock clock{1785157391482913};
  MapCredentials credentials;
  std::unique_ptr<store::SessionStore> sessions;
  std::unique_ptr<artifacts::ArtifactStore> artifact_store;
  std::string session_id;

  StoreHarness() {
    store::DatabaseOptions options;
    options.state_dir = fresh_state_dir("store");
    db = std::move(*store::Database::open(options));
    credentials.values["tensorscale"] = kSecret;
    sessions = std::make_unique<store::SessionStore>(*db, ids);
    artifact_store = std::make_unique<artifacts::ArtifactStore>(*db, ids);
    session_id = new_session();
  }

  std::string new_session() {
    store::NewSession fresh;
    fresh.created_at_us = clock.now_utc_us();
    auto session = sessions->create(fresh);
    EXPECT_TRUE(session);
    return session ? session->id : std::string();
  }

  // A call context as the pipeline builds it for one invocation.
  std::shared_ptr<pipeline::CallContext> context(
      std::chrono::milliseconds deadline = std::chrono::minutes(5)) {
    auto c = pipeline::make_call_context(clock, credentials, nullptr,
                                         std::chrono::steady_clock::now() + deadline);
    c->tool_id = "media-test";
    c->artifacts.store = artifact_store.get();
    c->artifacts.session_id = session_id;
    c->artifacts.run_id = session_id;
    c->artifacts.invocation_id = "00000000-0000-4000-8000-0000000000aa";
    c->artifacts.now_utc_us = [this] { return clock.now_utc_us(); };
    return c;
  }

  int64_t artifact_rows() { return (*db->count_rows())["artifacts"]; }

  // Stores bytes as an artifact of the session (as an upload or export would).
  std::string put_reference(const std::string& bytes, const std::string& media_type,
                            artifacts::Origin origin = artifacts::Origin::workspace_export,
                            std::string owner_session = "") {
    artifacts::ArtifactMeta meta;
    meta.name = "reference";
    meta.media_type = media_type;
    meta.origin = origin;
    meta.session_id = owner_session.empty() ? session_id : owner_session;
    meta.run_id = meta.session_id;
    meta.created_at_us = clock.now_utc_us();
    auto ref = artifact_store->put_bytes(meta, bytes);
    EXPECT_TRUE(ref.ok()) << ref.status().message;
    return ref.ok() ? ref->id : std::string();
  }
};

}  // namespace toolhost::media::testing
