-- Traffic counted at the edge (issue 21): no cookie, no IP address stored.

-- A random salt per UTC day for the visitor hash; deleted once its day is over, so no hash can be
-- linked across days.
CREATE TABLE traffic_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);

-- Views per UTC day and dimension ('all', 'page', 'not-found', 'source', 'campaign', 'country')
-- and value. `visitors` is filled when the day is folded (folded = 1); until then it is counted
-- live from traffic_seen.
CREATE TABLE traffic_daily (
  day TEXT NOT NULL,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  folded INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, dimension, value)
);

-- Which visitor hash was seen for which dimension value on the current day: what makes the
-- visitor counts exact. Deleted when the day is folded.
CREATE TABLE traffic_seen (
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (day, dimension, value, visitor)
);
