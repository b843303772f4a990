-- What a bounded job left for its next run (issue 33): retention erases and deletes at most a few
-- thousand leads per run, and writes down about how many still wait, which the overview shows.
CREATE TABLE job_backlog (
  job TEXT PRIMARY KEY,
  remaining INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
