-- Browsers an admin signed in on (security review S4). A device cookie counts only while its row
-- is here: it belongs to the admin who signed in, goes when they forget it or are removed, and
-- each admin keeps at most their 10 most recent, so nobody can mint them without end.
CREATE TABLE admin_devices (
  id TEXT PRIMARY KEY,
  admin_id TEXT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_used_at TEXT NOT NULL
);
CREATE INDEX admin_devices_by_admin ON admin_devices (admin_id, last_used_at);
