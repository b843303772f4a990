-- A campaign form's answers are searched (issue 63): the lead list's search finds a lead by what
-- it answered (`EuroShop`, `nrf27`) as it finds one by its name or inquiry. The index
-- (migrations/0040) gets one more word column, `answers`: the values of the lead's form_fields
-- (migrations/0043), never its labels or definitions, so a form's question does not match every
-- lead of that form. A lead of the spec's form has none. Erase and retention empty form_fields,
-- and the changed-trigger takes its words out of the index (secure-delete, 0024), as it does the
-- name's. Rebuilt as 0040 was: every lead indexed again with the same expression the triggers write.
DROP TRIGGER lead_search_in;
DROP TRIGGER lead_search_out;
DROP TRIGGER lead_search_changed;
DROP TABLE lead_search;

CREATE VIRTUAL TABLE lead_search USING fts5(name, email, phone, inquiry, page, campaign, answers, facets, content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6 7 8');
INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);

INSERT INTO lead_search (rowid, name, email, phone, inquiry, page, campaign, answers, facets)
SELECT l.seq, l.name, l.email, l.phone, l.inquiry, l.page_path, l.utm_campaign,
  CASE WHEN json_valid(l.form_fields) THEN (SELECT group_concat(json_extract(f.value, '$.value'), ' ') FROM json_each(l.form_fields, '$.fields') f) END,
  'status' || l.status || ' via' || replace(COALESCE(l.delivered_via, 'none'), '-', '')
    || COALESCE(' page' || lower(hex(l.page_path)), '')
    || COALESCE(' campaign' || lower(hex(l.utm_campaign)), '')
FROM leads l;

-- A contentless index forgets a row only when told its exact old words: each trigger writes the
-- same expression.
CREATE TRIGGER lead_search_in AFTER INSERT ON leads BEGIN
  INSERT INTO lead_search (rowid, name, email, phone, inquiry, page, campaign, answers, facets)
    VALUES (new.seq, new.name, new.email, new.phone, new.inquiry, new.page_path, new.utm_campaign,
      CASE WHEN json_valid(new.form_fields) THEN (SELECT group_concat(json_extract(f.value, '$.value'), ' ') FROM json_each(new.form_fields, '$.fields') f) END,
      'status' || new.status || ' via' || replace(COALESCE(new.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(new.page_path)), '')
        || COALESCE(' campaign' || lower(hex(new.utm_campaign)), ''));
END;

CREATE TRIGGER lead_search_out AFTER DELETE ON leads BEGIN
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry, page, campaign, answers, facets)
    VALUES ('delete', old.seq, old.name, old.email, old.phone, old.inquiry, old.page_path, old.utm_campaign,
      CASE WHEN json_valid(old.form_fields) THEN (SELECT group_concat(json_extract(f.value, '$.value'), ' ') FROM json_each(old.form_fields, '$.fields') f) END,
      'status' || old.status || ' via' || replace(COALESCE(old.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(old.page_path)), '')
        || COALESCE(' campaign' || lower(hex(old.utm_campaign)), ''));
END;

CREATE TRIGGER lead_search_changed
AFTER UPDATE OF name, email, phone, inquiry, status, delivered_via, page_path, utm_campaign, form_fields ON leads
WHEN old.name IS NOT new.name OR old.email IS NOT new.email OR old.phone IS NOT new.phone
  OR old.inquiry IS NOT new.inquiry OR old.status IS NOT new.status OR old.delivered_via IS NOT new.delivered_via
  OR old.page_path IS NOT new.page_path OR old.utm_campaign IS NOT new.utm_campaign
  OR old.form_fields IS NOT new.form_fields
BEGIN
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry, page, campaign, answers, facets)
    VALUES ('delete', old.seq, old.name, old.email, old.phone, old.inquiry, old.page_path, old.utm_campaign,
      CASE WHEN json_valid(old.form_fields) THEN (SELECT group_concat(json_extract(f.value, '$.value'), ' ') FROM json_each(old.form_fields, '$.fields') f) END,
      'status' || old.status || ' via' || replace(COALESCE(old.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(old.page_path)), '')
        || COALESCE(' campaign' || lower(hex(old.utm_campaign)), ''));
  INSERT INTO lead_search (rowid, name, email, phone, inquiry, page, campaign, answers, facets)
    VALUES (new.seq, new.name, new.email, new.phone, new.inquiry, new.page_path, new.utm_campaign,
      CASE WHEN json_valid(new.form_fields) THEN (SELECT group_concat(json_extract(f.value, '$.value'), ' ') FROM json_each(new.form_fields, '$.fields') f) END,
      'status' || new.status || ' via' || replace(COALESCE(new.delivered_via, 'none'), '-', '')
        || COALESCE(' page' || lower(hex(new.page_path)), '')
        || COALESCE(' campaign' || lower(hex(new.utm_campaign)), ''));
END;
