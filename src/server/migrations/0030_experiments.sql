-- Experiments (issue 46): a studio document shown as 2–4 arms, each an edition of it, decided at
-- the edge by a hash of the experiment and the day's visitor. The arms are JSON (name, weight, the
-- edition or null for the live one); a document is in at most one running experiment.
CREATE TABLE experiments (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  doc TEXT NOT NULL,
  arms TEXT NOT NULL,
  share REAL NOT NULL DEFAULT 1 CHECK (share > 0 AND share <= 1),
  min_lift REAL NOT NULL DEFAULT 0.25 CHECK (min_lift > 0),
  -- The site's lead rate (leads per visitor) when it started: fixes the verdict's mixture.
  base_rate REAL,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'stopped')),
  made_by TEXT NOT NULL,
  made_at TEXT NOT NULL,
  started_at TEXT,
  stopped_at TEXT,
  -- The arm made live, if one was.
  promoted INTEGER
) WITHOUT ROWID;

CREATE UNIQUE INDEX experiments_one_running_per_doc ON experiments (doc) WHERE status = 'running';
CREATE INDEX experiments_by_made ON experiments (made_at);

-- Today's exposures: one row per experiment and visitor hash of the day, kept only until the
-- day's fold (like the traffic counter's hashes), so it holds at most a day's visitors.
CREATE TABLE experiment_visitors (
  experiment_id TEXT NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  arm INTEGER NOT NULL,
  PRIMARY KEY (experiment_id, day, visitor)
) WITHOUT ROWID;

-- Visitors per experiment, day and arm: what the results read (days × arms rows, never a scan of
-- visitors). Kept up by the trigger below, so a repeat view (ignored by the key) adds nothing.
CREATE TABLE experiment_days (
  experiment_id TEXT NOT NULL,
  day TEXT NOT NULL,
  arm INTEGER NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (experiment_id, day, arm)
) WITHOUT ROWID;

CREATE TRIGGER experiment_visitor_counted AFTER INSERT ON experiment_visitors
BEGIN
  INSERT INTO experiment_days (experiment_id, day, arm, visitors) VALUES (NEW.experiment_id, NEW.day, NEW.arm, 1)
  ON CONFLICT (experiment_id, day, arm) DO UPDATE SET visitors = visitors + 1;
END;

-- Leads credited to the arm their visitor saw that day: at most one arm per experiment and lead.
-- Whether it counts (not spam, not erased) is read from the lead's status when results are shown.
CREATE TABLE experiment_leads (
  experiment_id TEXT NOT NULL,
  lead_id TEXT NOT NULL,
  arm INTEGER NOT NULL,
  day TEXT NOT NULL,
  PRIMARY KEY (experiment_id, lead_id)
) WITHOUT ROWID;

-- The site owner's choice (an admin's, in the console): whether a visitor's versions are also
-- remembered in a first-party cookie holding only `exp=<id>:<arm>,…` (off: the day's hash alone).
CREATE TABLE experiment_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  cookie INTEGER NOT NULL DEFAULT 0 CHECK (cookie IN (0, 1))
);
INSERT INTO experiment_settings (id, cookie) VALUES (1, 0);
