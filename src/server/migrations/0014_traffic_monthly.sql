-- Traffic days older than TRAFFIC_RETENTION_DAYS (default 400), rolled up to their month by the
-- daily retention (security review S1): the long view stays, the daily rows do not grow forever.
-- `visitors` is the sum of the month's daily visitors (a person seen on two days counts twice).
CREATE TABLE traffic_monthly (
  month TEXT NOT NULL,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (month, dimension, value)
);
