-- The lead desk at a million leads (issue 33): every console read answers from an index range, a
-- full-text index or a counter, never a scan of leads.
--
-- 1. leads gets `seq INTEGER PRIMARY KEY`, a stable alias of its rowid. The full-text index names
--    leads by it, and a plain rowid may be renumbered by VACUUM. SQLite cannot add a primary key
--    in place, so the table is rebuilt, keeping each row's rowid as its seq.
CREATE TABLE leads_new (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  received_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('accepted', 'sending', 'delivered', 'retrying', 'dead', 'held', 'spam', 'erased')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at TEXT,
  delivered_via TEXT,
  claimed_at TEXT,
  updated_at TEXT NOT NULL,
  erased_at TEXT,
  name TEXT,
  email TEXT,
  phone TEXT,
  inquiry TEXT,
  local_time TEXT,
  page_path TEXT,
  referrer TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  stuck_alerted_at TEXT,
  spam_reasons TEXT,
  send_via TEXT
);

INSERT INTO leads_new (seq, id, received_at, status, attempts, last_error, delivered_at, delivered_via, claimed_at,
  updated_at, erased_at, name, email, phone, inquiry, local_time, page_path, referrer, utm_source, utm_medium,
  utm_campaign, stuck_alerted_at, spam_reasons, send_via)
SELECT rowid, id, received_at, status, attempts, last_error, delivered_at, delivered_via, claimed_at,
  updated_at, erased_at, name, email, phone, inquiry, local_time, page_path, referrer, utm_source, utm_medium,
  utm_campaign, stuck_alerted_at, spam_reasons, send_via
FROM leads;

DROP TABLE leads;
ALTER TABLE leads_new RENAME TO leads;

-- Lists page by (received_at, seq), newest first: each filter has its own index ending in seq.
CREATE INDEX leads_newest ON leads (received_at, seq);
CREATE INDEX leads_by_status ON leads (status, received_at, seq);
CREATE INDEX leads_by_channel ON leads (delivered_via, received_at, seq);
CREATE INDEX leads_by_channel_status ON leads (delivered_via, status, received_at, seq);

-- 2. Search: a contentless FTS5 index over what people search (name, e-mail, phone, inquiry). It
--    keeps no copy of the text, only its words, and the triggers below remove a lead's words when
--    it is erased or deleted, so nothing personal stays in the index after Erase or retention.
CREATE VIRTUAL TABLE lead_search USING fts5(name, email, phone, inquiry, content = '', tokenize = 'unicode61 remove_diacritics 2');

INSERT INTO lead_search (rowid, name, email, phone, inquiry)
SELECT seq, name, email, phone, inquiry FROM leads WHERE COALESCE(name, email, phone, inquiry) IS NOT NULL;

-- 3. Counters, kept by the triggers in the same statement as the change: leads per day, status and
--    chosen channel (the overview's today, 7 and 30 days; each day's caps), and in all per status
--    and delivering channel (the list's totals, what waits for an admin). '' stands for none.
CREATE TABLE lead_day_counts (
  day TEXT NOT NULL,
  status TEXT NOT NULL,
  send_via TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (day, status, send_via)
) WITHOUT ROWID;

CREATE TABLE lead_totals (
  status TEXT NOT NULL,
  delivered_via TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (status, delivered_via)
) WITHOUT ROWID;

INSERT INTO lead_day_counts (day, status, send_via, n)
SELECT substr(received_at, 1, 10), status, COALESCE(send_via, ''), COUNT(*) FROM leads GROUP BY 1, 2, 3;

INSERT INTO lead_totals (status, delivered_via, n)
SELECT status, COALESCE(delivered_via, ''), COUNT(*) FROM leads GROUP BY 1, 2;

-- Triggers: D1 counts their rows in a statement's meta.changes, so the lead store checks its
-- changes with RETURNING instead (storage/leads.ts).
CREATE TRIGGER leads_in AFTER INSERT ON leads BEGIN
  INSERT INTO lead_day_counts (day, status, send_via, n)
    VALUES (substr(new.received_at, 1, 10), new.status, COALESCE(new.send_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO lead_totals (status, delivered_via, n) VALUES (new.status, COALESCE(new.delivered_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO lead_search (rowid, name, email, phone, inquiry)
    SELECT new.seq, new.name, new.email, new.phone, new.inquiry
    WHERE COALESCE(new.name, new.email, new.phone, new.inquiry) IS NOT NULL;
END;

CREATE TRIGGER leads_out AFTER DELETE ON leads BEGIN
  UPDATE lead_day_counts SET n = n - 1
    WHERE day = substr(old.received_at, 1, 10) AND status = old.status AND send_via = COALESCE(old.send_via, '');
  UPDATE lead_totals SET n = n - 1 WHERE status = old.status AND delivered_via = COALESCE(old.delivered_via, '');
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry)
    SELECT 'delete', old.seq, old.name, old.email, old.phone, old.inquiry
    WHERE COALESCE(old.name, old.email, old.phone, old.inquiry) IS NOT NULL;
END;

CREATE TRIGGER leads_recounted AFTER UPDATE OF status, send_via, delivered_via ON leads
WHEN old.status IS NOT new.status OR old.send_via IS NOT new.send_via OR old.delivered_via IS NOT new.delivered_via
BEGIN
  UPDATE lead_day_counts SET n = n - 1
    WHERE day = substr(old.received_at, 1, 10) AND status = old.status AND send_via = COALESCE(old.send_via, '');
  INSERT INTO lead_day_counts (day, status, send_via, n)
    VALUES (substr(new.received_at, 1, 10), new.status, COALESCE(new.send_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
  UPDATE lead_totals SET n = n - 1 WHERE status = old.status AND delivered_via = COALESCE(old.delivered_via, '');
  INSERT INTO lead_totals (status, delivered_via, n) VALUES (new.status, COALESCE(new.delivered_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- A lead's words change only when Erase (or retention) empties them.
CREATE TRIGGER leads_reindexed AFTER UPDATE OF name, email, phone, inquiry ON leads BEGIN
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry)
    SELECT 'delete', old.seq, old.name, old.email, old.phone, old.inquiry
    WHERE COALESCE(old.name, old.email, old.phone, old.inquiry) IS NOT NULL;
  INSERT INTO lead_search (rowid, name, email, phone, inquiry)
    SELECT new.seq, new.name, new.email, new.phone, new.inquiry
    WHERE COALESCE(new.name, new.email, new.phone, new.inquiry) IS NOT NULL;
END;
