-- Leads know their locale (issue 61 item 8): the locale of the page the form was sent from, one
-- code of the registry (src/lib/locales.ts), checked by the server before it is stored. Every lead
-- received before is English, the only language the site spoke. Not personal data: Erase and
-- retention leave it, as they leave the dates.
ALTER TABLE leads ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';

-- The traffic page's leads per day and attribution (0023) gain the locale, so leads per locale are
-- read from the same day counters, never from the leads: at most locales × the rows there were.
-- Rebuilt with the locale in its key, counted again from the leads once, as 0023 was.
DROP TRIGGER leads_attributed_in;
DROP TRIGGER leads_attributed_out;
DROP TRIGGER leads_reattributed;
DROP TABLE lead_attribution_days;

CREATE TABLE lead_attribution_days (
  day TEXT NOT NULL,
  page_path TEXT NOT NULL,
  referrer TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  locale TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (day, page_path, referrer, utm_source, utm_campaign, locale)
) WITHOUT ROWID;

INSERT INTO lead_attribution_days (day, page_path, referrer, utm_source, utm_campaign, locale, n)
SELECT substr(received_at, 1, 10), COALESCE(page_path, ''), COALESCE(referrer, ''), COALESCE(utm_source, ''),
  COALESCE(utm_campaign, ''), locale, COUNT(*)
FROM leads WHERE status <> 'spam' GROUP BY 1, 2, 3, 4, 5, 6;

CREATE TRIGGER leads_attributed_in AFTER INSERT ON leads WHEN new.status <> 'spam' BEGIN
  INSERT INTO lead_attribution_days (day, page_path, referrer, utm_source, utm_campaign, locale, n)
    VALUES (substr(new.received_at, 1, 10), COALESCE(new.page_path, ''), COALESCE(new.referrer, ''),
      COALESCE(new.utm_source, ''), COALESCE(new.utm_campaign, ''), new.locale, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER leads_attributed_out AFTER DELETE ON leads WHEN old.status <> 'spam' BEGIN
  UPDATE lead_attribution_days SET n = n - 1
    WHERE day = substr(old.received_at, 1, 10) AND page_path = COALESCE(old.page_path, '')
      AND referrer = COALESCE(old.referrer, '') AND utm_source = COALESCE(old.utm_source, '')
      AND utm_campaign = COALESCE(old.utm_campaign, '') AND locale = old.locale;
END;

-- A change of status to or from spam, or of the attribution (Erase empties it): out, then in.
CREATE TRIGGER leads_reattributed AFTER UPDATE OF status, page_path, referrer, utm_source, utm_campaign, locale ON leads
WHEN (old.status = 'spam') IS NOT (new.status = 'spam') OR old.page_path IS NOT new.page_path
  OR old.referrer IS NOT new.referrer OR old.utm_source IS NOT new.utm_source OR old.utm_campaign IS NOT new.utm_campaign
  OR old.locale IS NOT new.locale
BEGIN
  UPDATE lead_attribution_days SET n = n - 1
    WHERE old.status <> 'spam' AND day = substr(old.received_at, 1, 10) AND page_path = COALESCE(old.page_path, '')
      AND referrer = COALESCE(old.referrer, '') AND utm_source = COALESCE(old.utm_source, '')
      AND utm_campaign = COALESCE(old.utm_campaign, '') AND locale = old.locale;
  INSERT INTO lead_attribution_days (day, page_path, referrer, utm_source, utm_campaign, locale, n)
    SELECT substr(new.received_at, 1, 10), COALESCE(new.page_path, ''), COALESCE(new.referrer, ''),
      COALESCE(new.utm_source, ''), COALESCE(new.utm_campaign, ''), new.locale, 1
    WHERE new.status <> 'spam'
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
