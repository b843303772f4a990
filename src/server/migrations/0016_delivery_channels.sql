-- The health of each delivery channel (issue 34), shared by every isolate: failures in a row, when
-- it was marked down (5 in a row), its last success, and when a lead last probed it while down
-- (one lead every 5 minutes). One success marks it up again.
CREATE TABLE delivery_channels (
  channel TEXT PRIMARY KEY,
  failures_in_row INTEGER NOT NULL DEFAULT 0,
  down_since TEXT,
  last_success_at TEXT,
  last_probe_at TEXT
);
