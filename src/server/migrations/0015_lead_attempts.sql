-- Every attempt to deliver a lead (issue 34): which channel, when it began and ended, how it ended
-- (delivered, retryable, permanent, unknown), the provider's status code and a short reason, never
-- the message. A reason may quote the visitor (a provider echoing the address it refused), so the
-- attempts go with the lead: every path that erases or deletes a lead (storage/leads.ts) deletes
-- them in the same batch. (Not a trigger: D1 counts a trigger's rows in the statement's changes,
-- which would blur the one-row checks of a lead's status change.)
CREATE TABLE lead_attempts (
  id INTEGER PRIMARY KEY,
  lead_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'retryable', 'permanent', 'unknown')),
  status INTEGER,
  reason TEXT
);
CREATE INDEX lead_attempts_by_lead ON lead_attempts (lead_id, id);
-- The overview's channel health reads the last 24 hours' attempts from this index alone.
CREATE INDEX lead_attempts_by_time ON lead_attempts (started_at, channel, outcome);
