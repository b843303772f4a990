-- Redirects made in the console (issue 47): an old address, where it now sends, 301 or 302, and
-- who made it when. Each isolate keeps them all in memory and reads them again when the content
-- stamp moves, which every change here bumps in the same batch; the table is read whole, or a
-- page at a time by its key.
CREATE TABLE redirects (
  from_path TEXT PRIMARY KEY,
  to_target TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status IN (301, 302)),
  made_by TEXT NOT NULL,
  made_at TEXT NOT NULL
) WITHOUT ROWID;
