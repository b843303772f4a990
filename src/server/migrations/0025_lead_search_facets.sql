-- A search with a status or channel filter stops early however common its words (review T7).
-- The list's search walks the FTS5 index newest first and stops at its LIMIT; with a filter it
-- joined every match to leads to test the status, so a word every lead shares with a rare status
-- (`showroom`, dead) read all 200,000 matches to find 50. Now each lead's status and delivering
-- channel are words of the index too, in a column of their own (`facets`: `statusdead
-- vianone`), and FTS5 intersects the two word lists itself.
--
-- The index is rebuilt with the new column, and its upkeep moves out of the counters' triggers
-- (migrations/0019) into triggers of its own: a contentless FTS5 index forgets a row only when
-- told its exact old words, so every trigger that writes the index must know the facets.

DROP TRIGGER leads_in;
DROP TRIGGER leads_out;
DROP TRIGGER leads_reindexed;
DROP TABLE lead_search;

CREATE VIRTUAL TABLE lead_search USING fts5(name, email, phone, inquiry, facets, content = '', tokenize = 'unicode61 remove_diacritics 2');
-- Erase and retention leave no words of a lead in the index's data (security review T9, 0024).
INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);

INSERT INTO lead_search (rowid, name, email, phone, inquiry, facets)
SELECT seq, name, email, phone, inquiry,
  'status' || status || ' via' || replace(COALESCE(delivered_via, 'none'), '-', '')
FROM leads WHERE COALESCE(name, email, phone, inquiry) IS NOT NULL;

-- The counters, as 0019 kept them.
CREATE TRIGGER leads_in AFTER INSERT ON leads BEGIN
  INSERT INTO lead_day_counts (day, status, send_via, n)
    VALUES (substr(new.received_at, 1, 10), new.status, COALESCE(new.send_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO lead_totals (status, delivered_via, n) VALUES (new.status, COALESCE(new.delivered_via, ''), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER leads_out AFTER DELETE ON leads BEGIN
  UPDATE lead_day_counts SET n = n - 1
    WHERE day = substr(old.received_at, 1, 10) AND status = old.status AND send_via = COALESCE(old.send_via, '');
  UPDATE lead_totals SET n = n - 1 WHERE status = old.status AND delivered_via = COALESCE(old.delivered_via, '');
END;

-- The index: a lead's words and facets in, out, and again when either changes (a delivery, a
-- status, an Erase).
CREATE TRIGGER lead_search_in AFTER INSERT ON leads BEGIN
  INSERT INTO lead_search (rowid, name, email, phone, inquiry, facets)
    SELECT new.seq, new.name, new.email, new.phone, new.inquiry,
      'status' || new.status || ' via' || replace(COALESCE(new.delivered_via, 'none'), '-', '')
    WHERE COALESCE(new.name, new.email, new.phone, new.inquiry) IS NOT NULL;
END;

CREATE TRIGGER lead_search_out AFTER DELETE ON leads BEGIN
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry, facets)
    SELECT 'delete', old.seq, old.name, old.email, old.phone, old.inquiry,
      'status' || old.status || ' via' || replace(COALESCE(old.delivered_via, 'none'), '-', '')
    WHERE COALESCE(old.name, old.email, old.phone, old.inquiry) IS NOT NULL;
END;

CREATE TRIGGER lead_search_changed AFTER UPDATE OF name, email, phone, inquiry, status, delivered_via ON leads
WHEN old.name IS NOT new.name OR old.email IS NOT new.email OR old.phone IS NOT new.phone
  OR old.inquiry IS NOT new.inquiry OR old.status IS NOT new.status OR old.delivered_via IS NOT new.delivered_via
BEGIN
  INSERT INTO lead_search (lead_search, rowid, name, email, phone, inquiry, facets)
    SELECT 'delete', old.seq, old.name, old.email, old.phone, old.inquiry,
      'status' || old.status || ' via' || replace(COALESCE(old.delivered_via, 'none'), '-', '')
    WHERE COALESCE(old.name, old.email, old.phone, old.inquiry) IS NOT NULL;
  INSERT INTO lead_search (rowid, name, email, phone, inquiry, facets)
    SELECT new.seq, new.name, new.email, new.phone, new.inquiry,
      'status' || new.status || ' via' || replace(COALESCE(new.delivered_via, 'none'), '-', '')
    WHERE COALESCE(new.name, new.email, new.phone, new.inquiry) IS NOT NULL;
END;
