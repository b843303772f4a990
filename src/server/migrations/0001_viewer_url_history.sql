-- Every successful change of the viewer URL (settings/view3dUrl), whichever way it came in.
CREATE TABLE settings_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- ISO 8601, UTC.
  changed_at TEXT NOT NULL,
  -- The admin user name, or the Cloudflare Access e-mail.
  changed_by TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('update', 'console', 'api')),
  -- '' when nothing was stored before.
  old_value TEXT NOT NULL,
  new_value TEXT NOT NULL
);

CREATE INDEX settings_history_newest ON settings_history (changed_at DESC, id DESC);

-- Keys the worker makes for itself on first use (e.g. the HMAC key of the no-JS flash cookie).
CREATE TABLE app_keys (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
);
