-- Network errors with no script (issue 62): the Reporting API's `network-error` reports that
-- visitors' browsers send to POST /api/reports on their own (NEL), counted per UTC day, page and
-- error type. The page is one of the site's or '(other)', the type one of a known list or 'other',
-- and a day holds at most a fixed number of rows (traffic/storage/network-errors.ts). No address,
-- id or report is kept: counts only.
CREATE TABLE network_errors (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  kind TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, page, kind)
) WITHOUT ROWID;
