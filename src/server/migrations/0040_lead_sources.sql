-- Sales list a campaign's leads (issue 57 item 9): the lead list filters by the page a lead was
-- sent from and by its campaign (utm_campaign), and its search finds a landing page's address
-- (`retail-fair-2027`) or a campaign's name.
--
-- 1. The index gets two word columns, `page` and `campaign`, searched with the other four, and
--    two more facets (migrations/0025): `page` and `campaign` followed by the value's UTF-8 bytes
--    in hex (`page2f7472792d6f6e` for /try-on), one exact word per value whatever its characters,
--    which FTS5 intersects with the status and channel as it does today. A page or campaign filter
--    walks the index newest first and stops at the list's LIMIT, never a scan of leads.
--
--    Every lead is indexed now, not only one with words, so a filter's facets find every lead
--    they name. Erase still empties page and campaign with the rest of the attribution: they are
--    not personal data in themselves, but the privacy policy promises visitors that an erased
--    request keeps only its date and how it was delivered (docs/leads.md). An erased lead's words
--    and page and campaign leave the index as before (secure-delete, 0024).
DROP TRIGGER lead_search_in;
DROP TRIGGER lead_search_out;
DROP TRIGGER lead_search_changed;
DROP TABLE lead_search;

CREATE VIRTUAL TABLE lead_search USING fts5(name, email, phone, inquiry, page, campaign, facets, content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6 7 8');
-- Erase and retention leave no words of a lead in the index's data (security review T9, 0024).
INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);

INSERT INTO lead_search (rowid, name, email, phone, inquiry, page, campaign, facets)
SELECT seq, name, email, phone, inquiry, page_path, utm_campaign,
  'status' || status || ' via' || replace(COALESCE(delivered_via, 'none'), '-', '')
    || COALESCE(' page' || lower(hex(page_path)), '') || COALESCE(' campaign' || lower(hex(utm_campaign)), '')
FROM leads;

-- A contentless index forgets a row only when told its exact old words: each trigger writes the
-- same expression.
CREATE TRIGGER lead_search_in AFTER INSERT ON leads BEGIN
  INSERT INTO lead_search (rowid, name, email, phone, inquiry, page, campaign, facets)
    VALUES (new.seq, new.name, new.email, new.phone, new.inquiry, new.page_path, new.utm_campaign,
      'status' || new.status || ' via' || replace(COALESCE(new.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(new.page_path)), '')
        || COALESCE(' campaign' || lower(hex(new.utm_campaign)), ''));
END;

CREATE TRIGGER lead_search_out AFTER DELETE ON leads BEGIN
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry, page, campaign, facets)
    VALUES ('delete', old.seq, old.name, old.email, old.phone, old.inquiry, old.page_path, old.utm_campaign,
      'status' || old.status || ' via' || replace(COALESCE(old.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(old.page_path)), '')
        || COALESCE(' campaign' || lower(hex(old.utm_campaign)), ''));
END;

CREATE TRIGGER lead_search_changed
AFTER UPDATE OF name, email, phone, inquiry, status, delivered_via, page_path, utm_campaign ON leads
WHEN old.name IS NOT new.name OR old.email IS NOT new.email OR old.phone IS NOT new.phone
  OR old.inquiry IS NOT new.inquiry OR old.status IS NOT new.status OR old.delivered_via IS NOT new.delivered_via
  OR old.page_path IS NOT new.page_path OR old.utm_campaign IS NOT new.utm_campaign
BEGIN
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry, page, campaign, facets)
    VALUES ('delete', old.seq, old.name, old.email, old.phone, old.inquiry, old.page_path, old.utm_campaign,
      'status' || old.status || ' via' || replace(COALESCE(old.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(old.page_path)), '')
        || COALESCE(' campaign' || lower(hex(old.utm_campaign)), ''));
  INSERT INTO lead_search (rowid, name, email, phone, inquiry, page, campaign, facets)
    VALUES (new.seq, new.name, new.email, new.phone, new.inquiry, new.page_path, new.utm_campaign,
      'status' || new.status || ' via' || replace(COALESCE(new.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(new.page_path)), '')
        || COALESCE(' campaign' || lower(hex(new.utm_campaign)), ''));
END;

-- 2. The pages and campaigns leads came from, and how many per status and channel: what the
--    filter's menus list and what a page or campaign filter's total adds up, kept by triggers as
--    the list's totals are (0019). It holds a row per page, campaign, status and channel in use,
--    never a row per lead. '' stands for none.
CREATE TABLE lead_source_totals (
  page_path TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  status TEXT NOT NULL,
  delivered_via TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (page_path, utm_campaign, status, delivered_via)
) WITHOUT ROWID;
CREATE INDEX lead_source_totals_by_campaign ON lead_source_totals (utm_campaign, page_path);

INSERT INTO lead_source_totals (page_path, utm_campaign, status, delivered_via, n)
SELECT COALESCE(page_path, ''), COALESCE(utm_campaign, ''), status, COALESCE(delivered_via, ''), COUNT(*)
FROM leads GROUP BY 1, 2, 3, 4;

CREATE TRIGGER lead_sources_in AFTER INSERT ON leads BEGIN
  INSERT INTO lead_source_totals (page_path, utm_campaign, status, delivered_via, n)
    VALUES (COALESCE(new.page_path, ''), COALESCE(new.utm_campaign, ''), new.status, COALESCE(new.delivered_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER lead_sources_out AFTER DELETE ON leads BEGIN
  UPDATE lead_source_totals SET n = n - 1
    WHERE page_path = COALESCE(old.page_path, '') AND utm_campaign = COALESCE(old.utm_campaign, '')
      AND status = old.status AND delivered_via = COALESCE(old.delivered_via, '');
END;

CREATE TRIGGER lead_sources_changed AFTER UPDATE OF page_path, utm_campaign, status, delivered_via ON leads
WHEN old.page_path IS NOT new.page_path OR old.utm_campaign IS NOT new.utm_campaign
  OR old.status IS NOT new.status OR old.delivered_via IS NOT new.delivered_via
BEGIN
  UPDATE lead_source_totals SET n = n - 1
    WHERE page_path = COALESCE(old.page_path, '') AND utm_campaign = COALESCE(old.utm_campaign, '')
      AND status = old.status AND delivered_via = COALESCE(old.delivered_via, '');
  INSERT INTO lead_source_totals (page_path, utm_campaign, status, delivered_via, n)
    VALUES (COALESCE(new.page_path, ''), COALESCE(new.utm_campaign, ''), new.status, COALESCE(new.delivered_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
