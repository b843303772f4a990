-- The 404 inbox's Ignore (issue 47): addresses visitors hit that answer 404 and that a person
-- chose to leave alone (a scanner's guess, a typo nobody links to). They stay counted in traffic;
-- the inbox on /admin/redirects leaves them out.
CREATE TABLE ignored_misses (
  path TEXT PRIMARY KEY,
  ignored_by TEXT NOT NULL,
  ignored_at TEXT NOT NULL
) WITHOUT ROWID;
