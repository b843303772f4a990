-- Every lead, from the moment it is accepted: its delivery status and, until erased, its content.
CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  -- ISO 8601, UTC.
  received_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('accepted', 'sending', 'delivered', 'retrying', 'dead', 'held', 'erased')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at TEXT,
  -- 'emailjs', or 'outbox' under `npm run dev` without EmailJS keys.
  delivered_via TEXT,
  -- When a consumer claimed it for sending (a claim left behind by a dead isolate goes stale).
  claimed_at TEXT,
  updated_at TEXT NOT NULL,
  erased_at TEXT,
  -- The form (NULL once erased).
  name TEXT,
  email TEXT,
  phone TEXT,
  inquiry TEXT,
  local_time TEXT,
  -- Where it came from.
  page_path TEXT,
  referrer TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT
);

CREATE INDEX leads_newest ON leads (received_at DESC);
CREATE INDEX leads_by_status ON leads (status, received_at DESC);

-- One row per alert kind: when the last alert went out, and the events folded since.
CREATE TABLE alert_windows (
  event TEXT PRIMARY KEY,
  sent_at TEXT NOT NULL,
  folded INTEGER NOT NULL DEFAULT 0,
  -- The events folded before the window that the last alert opened, reported in that alert.
  carried INTEGER NOT NULL DEFAULT 0,
  -- The last folded event's lead and reason, for the summary.
  last_lead_id TEXT,
  last_reason TEXT
);
