-- The activity log is append-only in the database, not only in code (issue 59, T13; the table is
-- migrations/0009). No statement may change an entry. An entry may be deleted only inside a
-- transaction that first declares a retention cutoff older than the entry, in `activity_retention`,
-- and that cutoff must be at least a day old: the daily retention job's own batch
-- (people/storage/activity.ts `deleteBefore`: declare, delete, clear, one D1 batch, so the
-- declaration never outlives it). So a mistaken `DELETE FROM activity …` or `UPDATE activity …`
-- anywhere else fails, and no statement at all can remove the last day's entries. A worker with
-- D1 access could still drop these triggers (DDL): they guard against mistakes and injected
-- statements, not against the deploy itself (docs/decisions.md).
CREATE TABLE activity_retention (cutoff TEXT NOT NULL);

CREATE TRIGGER activity_retention_floor BEFORE INSERT ON activity_retention
WHEN NEW.cutoff > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day') BEGIN
  SELECT RAISE(ABORT, 'activity is append-only: a retention cutoff must be at least a day old');
END;

CREATE TRIGGER activity_unchanged BEFORE UPDATE ON activity BEGIN
  SELECT RAISE(ABORT, 'activity is append-only: an entry is never changed');
END;

CREATE TRIGGER activity_kept BEFORE DELETE ON activity
WHEN NOT EXISTS (SELECT 1 FROM activity_retention WHERE OLD.at < cutoff) BEGIN
  SELECT RAISE(ABORT, 'activity is append-only: only the retention job deletes, and only entries past its cutoff');
END;
