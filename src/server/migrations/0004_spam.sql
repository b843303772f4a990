-- Spam is a lead status: stored with the reasons that caught it, never e-mailed, never counted
-- against the daily cap. SQLite cannot widen a CHECK in place, so the table is rebuilt.
CREATE TABLE leads_new (
  id TEXT PRIMARY KEY,
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
  -- Why it is spam: the names of the rules that caught it (services/spam-rules.ts), one per line.
  spam_reasons TEXT
);

INSERT INTO leads_new (id, received_at, status, attempts, last_error, delivered_at, delivered_via, claimed_at,
  updated_at, erased_at, name, email, phone, inquiry, local_time, page_path, referrer, utm_source, utm_medium,
  utm_campaign, stuck_alerted_at)
SELECT id, received_at, status, attempts, last_error, delivered_at, delivered_via, claimed_at,
  updated_at, erased_at, name, email, phone, inquiry, local_time, page_path, referrer, utm_source, utm_medium,
  utm_campaign, stuck_alerted_at
FROM leads;

DROP TABLE leads;
ALTER TABLE leads_new RENAME TO leads;

CREATE INDEX leads_newest ON leads (received_at DESC);
CREATE INDEX leads_by_status ON leads (status, received_at DESC);
