-- The traffic page's leads by day and attribution (issue 33): kept by triggers as the list's
-- counters are (migrations/0019), so the page reads one row per day and attribution instead of
-- every lead of the period (about 225,000 over 90 days at a million leads a year). Spam is left
-- out, as before; an erased lead keeps counting, under an attribution of nothing, as it did.
-- '' stands for none.
CREATE TABLE lead_attribution_days (
  day TEXT NOT NULL,
  page_path TEXT NOT NULL,
  referrer TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (day, page_path, referrer, utm_source, utm_campaign)
) WITHOUT ROWID;

INSERT INTO lead_attribution_days (day, page_path, referrer, utm_source, utm_campaign, n)
SELECT substr(received_at, 1, 10), COALESCE(page_path, ''), COALESCE(referrer, ''), COALESCE(utm_source, ''),
  COALESCE(utm_campaign, ''), COUNT(*)
FROM leads WHERE status <> 'spam' GROUP BY 1, 2, 3, 4, 5;

CREATE TRIGGER leads_attributed_in AFTER INSERT ON leads WHEN new.status <> 'spam' BEGIN
  INSERT INTO lead_attribution_days (day, page_path, referrer, utm_source, utm_campaign, n)
    VALUES (substr(new.received_at, 1, 10), COALESCE(new.page_path, ''), COALESCE(new.referrer, ''),
      COALESCE(new.utm_source, ''), COALESCE(new.utm_campaign, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER leads_attributed_out AFTER DELETE ON leads WHEN old.status <> 'spam' BEGIN
  UPDATE lead_attribution_days SET n = n - 1
    WHERE day = substr(old.received_at, 1, 10) AND page_path = COALESCE(old.page_path, '')
      AND referrer = COALESCE(old.referrer, '') AND utm_source = COALESCE(old.utm_source, '')
      AND utm_campaign = COALESCE(old.utm_campaign, '');
END;

-- A change of status to or from spam, or of the attribution (Erase empties it): out, then in.
CREATE TRIGGER leads_reattributed AFTER UPDATE OF status, page_path, referrer, utm_source, utm_campaign ON leads
WHEN (old.status = 'spam') IS NOT (new.status = 'spam') OR old.page_path IS NOT new.page_path
  OR old.referrer IS NOT new.referrer OR old.utm_source IS NOT new.utm_source OR old.utm_campaign IS NOT new.utm_campaign
BEGIN
  UPDATE lead_attribution_days SET n = n - 1
    WHERE old.status <> 'spam' AND day = substr(old.received_at, 1, 10) AND page_path = COALESCE(old.page_path, '')
      AND referrer = COALESCE(old.referrer, '') AND utm_source = COALESCE(old.utm_source, '')
      AND utm_campaign = COALESCE(old.utm_campaign, '');
  INSERT INTO lead_attribution_days (day, page_path, referrer, utm_source, utm_campaign, n)
    SELECT substr(new.received_at, 1, 10), COALESCE(new.page_path, ''), COALESCE(new.referrer, ''),
      COALESCE(new.utm_source, ''), COALESCE(new.utm_campaign, ''), 1
    WHERE new.status <> 'spam'
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
