-- Field speed per experiment version (issue 62): the loading (LCP) and response (INP) histograms
-- of the views of a tested page, per day and version shown, so an experiment's results can say
-- that a version wins leads but loads slower. The version is found again from the beacon's
-- request, as a lead's is (experiments/services/experiments.ts): no id is sent or stored. A day
-- holds at most running experiments × 4 versions × 2 metrics × the buckets (about 130 each).
CREATE TABLE vitals_arms (
  experiment TEXT NOT NULL,
  day TEXT NOT NULL,
  arm INTEGER NOT NULL,
  metric TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (experiment, day, arm, metric, bucket)
) WITHOUT ROWID;

-- The daily retention deletes by day (traffic/storage/vitals.ts forgetBefore).
CREATE INDEX vitals_arms_by_day ON vitals_arms (day);
