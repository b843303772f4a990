-- Field speed (issue 62): Core Web Vitals from real visitors, stored as histograms, never as rows
-- per visit. A row counts the reports of one day, page, metric, device class, continent,
-- navigation type and browser family whose value fell in one fixed log-spaced bucket about 10 %
-- wide (traffic/services/vitals.ts bucketOf). No visitor, address or id is stored.
CREATE TABLE vitals_daily (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  metric TEXT NOT NULL,
  device TEXT NOT NULL,
  region TEXT NOT NULL,
  nav TEXT NOT NULL,
  browser TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, page, metric, device, region, nav, browser, bucket)
) WITHOUT ROWID;

-- One row a day: how many histogram rows the day holds (kept by the trigger below, so the ceiling
-- is read as one row, never counted), and the reports dropped: values out of physical range, pages
-- that are not the site's, and reports whose new row the day's ceiling turned away.
CREATE TABLE vitals_days (
  day TEXT PRIMARY KEY,
  rows INTEGER NOT NULL DEFAULT 0,
  out_of_range INTEGER NOT NULL DEFAULT 0,
  unknown_page INTEGER NOT NULL DEFAULT 0,
  over_ceiling INTEGER NOT NULL DEFAULT 0
);

CREATE TRIGGER vitals_row_added AFTER INSERT ON vitals_daily
BEGIN
  UPDATE vitals_days SET rows = rows + 1 WHERE day = NEW.day;
END;
