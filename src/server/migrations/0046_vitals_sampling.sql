-- Field speed (issue 62): the share of page views whose browser measures its speed and reports it
-- (the site's inline script draws it on each view: traffic/services/vitals-sampling.ts). An admin
-- changes it on the console's settings page. NULL: nobody chose one, so the default applies (25 %,
-- or VITALS_DEFAULT_SHARE).
CREATE TABLE vitals_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  share INTEGER CHECK (share BETWEEN 0 AND 100)
);
INSERT INTO vitals_settings (id, share) VALUES (1, NULL);
