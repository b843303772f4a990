-- The Speed page's window, summed once a day (issue 62): the closed days of the last 28 (and of
-- the last 7) per page, device class and continent, so the page reads one day's worth of rows
-- whatever the days the window holds: these sums and today's rows. Built for `through` =
-- yesterday by the daily retention job, or by the day's first read of the page (ten minutes after
-- midnight UTC, when yesterday's last buffered counts are written); before that the page reads the
-- rows themselves.
CREATE TABLE vitals_windows (
  through TEXT NOT NULL,
  by TEXT NOT NULL,
  value TEXT NOT NULL,
  metric TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  -- Over the 27 days up to `through`, and over the 6 days up to it.
  count INTEGER NOT NULL,
  recent INTEGER NOT NULL,
  PRIMARY KEY (through, by, value, metric, bucket)
) WITHOUT ROWID;

-- The chart's closed days: the site's p75 over the 7 days up to each day, fixed once the day is over.
CREATE TABLE vitals_day_figures (
  day TEXT NOT NULL,
  metric TEXT NOT NULL,
  count INTEGER NOT NULL,
  p75 REAL,
  PRIMARY KEY (day, metric)
) WITHOUT ROWID;

-- The days whose window is built: written in the same batch as its rows, so a read sees all or none.
CREATE TABLE vitals_windows_built (through TEXT PRIMARY KEY);

-- Google's 28-day view beside ours (CrUX, when CRUX_API_KEY is set): the daily job's last reading
-- of the origin ('origin') and of each of the top 20 pages (its path), p75 per metric (ms; CLS
-- unitless), null where CrUX has no figure, and the 28 days CrUX read them over.
CREATE TABLE crux_records (
  target TEXT PRIMARY KEY,
  lcp REAL,
  inp REAL,
  cls REAL,
  first_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  read_at TEXT NOT NULL
);
