#include "store/schema.hpp"

namespace toolhost::store {

const std::vector<std::string_view>& schema_migrations() {
  static const std::vector<std::string_view> migrations = {
      // 1: sessions, tool_invocations, artifacts.
      R"sql(
CREATE TABLE sessions (
  id            TEXT PRIMARY KEY,
  created_at_us INTEGER NOT NULL,
  catalog_json  TEXT NOT NULL,  -- {"tool name": "pinned version"}
  scopes_json   TEXT NOT NULL,  -- ["scope", ...]
  workspace_dir TEXT NOT NULL
) STRICT;

CREATE TABLE tool_invocations (
  id              TEXT PRIMARY KEY,
  session_id      TEXT NOT NULL REFERENCES sessions(id),
  tool            TEXT NOT NULL,
  version         TEXT NOT NULL,
  arguments_json  TEXT NOT NULL,
  policy_decision TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('running', 'awaiting_approval', 'approved',
                                                  'succeeded', 'failed', 'denied')),
  output_json     TEXT,
  content         TEXT,
  output_trust    TEXT,
  failure_kind    TEXT,
  reason_code     TEXT,
  detail          TEXT,
  created_at_us   INTEGER NOT NULL,
  started_at_us   INTEGER,
  finished_at_us  INTEGER,
  duration_us     INTEGER,
  approved_at_us  INTEGER
) STRICT;

-- Only the few rows awaiting approval are indexed, so inserts of ordinary
-- calls pay nothing for `approvals list`.
CREATE INDEX tool_invocations_awaiting ON tool_invocations (created_at_us, id)
  WHERE status = 'awaiting_approval';

CREATE TABLE artifacts (
  id            TEXT PRIMARY KEY,
  sha256        TEXT NOT NULL,
  byte_count    INTEGER NOT NULL,
  name          TEXT NOT NULL,
  media_type    TEXT NOT NULL,
  origin        TEXT NOT NULL,
  provenance    TEXT NOT NULL,
  session_id    TEXT NOT NULL REFERENCES sessions(id),
  run_id        TEXT NOT NULL,
  invocation_id TEXT NOT NULL,  -- no foreign key: the row may be written after the artifact
  created_at_us INTEGER NOT NULL,
  expires_at_us INTEGER
) STRICT;

-- The run-bound identity that makes artifact.export idempotent.
CREATE UNIQUE INDEX artifacts_run_identity
  ON artifacts (session_id, run_id, origin, name, media_type, sha256);
)sql",
      // 2: the status check as a chain of equalities. SQLite evaluates a
      // CHECK's `IN (list)` by building an ephemeral index of the list on
      // every row written, which doubled the cost of each insert and update.
      // A CHECK cannot be altered, so the table is rebuilt (same columns,
      // same rows, same index).
      R"sql(
CREATE TABLE tool_invocations_v2 (
  id              TEXT PRIMARY KEY,
  session_id      TEXT NOT NULL REFERENCES sessions(id),
  tool            TEXT NOT NULL,
  version         TEXT NOT NULL,
  arguments_json  TEXT NOT NULL,
  policy_decision TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status = 'running' OR status = 'awaiting_approval' OR
                                       status = 'approved' OR status = 'succeeded' OR
                                       status = 'failed' OR status = 'denied'),
  output_json     TEXT,
  content         TEXT,
  output_trust    TEXT,
  failure_kind    TEXT,
  reason_code     TEXT,
  detail          TEXT,
  created_at_us   INTEGER NOT NULL,
  started_at_us   INTEGER,
  finished_at_us  INTEGER,
  duration_us     INTEGER,
  approved_at_us  INTEGER
) STRICT;
INSERT INTO tool_invocations_v2 SELECT * FROM tool_invocations;
DROP TABLE tool_invocations;
ALTER TABLE tool_invocations_v2 RENAME TO tool_invocations;
CREATE INDEX tool_invocations_awaiting ON tool_invocations (created_at_us, id)
  WHERE status = 'awaiting_approval';
)sql",
  };
  return migrations;
}

}  // namespace toolhost::store
