-- Roles and the activity log (issue 31).

-- Every admin has one role: admin (everything), editor (content, media, traffic; never a lead's
-- personal data) or sales (the leads and traffic). Admins made before roles keep everything.
ALTER TABLE admins ADD COLUMN role TEXT NOT NULL DEFAULT 'admin';

-- An invitation names the role its person gets.
ALTER TABLE invitations ADD COLUMN role TEXT NOT NULL DEFAULT 'admin';

-- Who did what in the console, append-only: a row is never changed, and rows older than
-- ACTIVITY_RETENTION_DAYS (400) are deleted by the daily cron. `actor` is the admin's name, an
-- Access e-mail or "api token" (empty for a failed sign-in, which names its client instead);
-- `subject` the lead, admin or passkey acted on (by id, never by a lead's personal data);
-- `detail` the filter of an export, a role change, a viewer address. Never a password, a token,
-- an e-mail body or a lead's field.
CREATE TABLE activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  actor_id TEXT,
  action TEXT NOT NULL,
  subject TEXT,
  detail TEXT,
  client TEXT
);
-- Newest first, by person and by action, each paged by id (keyset): no scan grows with the log.
CREATE INDEX activity_by_actor ON activity (actor, id);
CREATE INDEX activity_by_action ON activity (action, id);
CREATE INDEX activity_by_at ON activity (at);
