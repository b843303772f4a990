-- When the sweep alerted that this lead had waited over a day undelivered, so it alerts once.
ALTER TABLE leads ADD COLUMN stuck_alerted_at TEXT;
