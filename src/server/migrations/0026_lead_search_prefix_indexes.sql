-- A search for a word most leads share answers in the same time at any size (review T7).
-- Search words are prefixes ("showroom" finds "showrooms"), and without a prefix index FTS5 merges
-- every word list a prefix matches in memory before the list's LIMIT can stop it: at 200,000 leads
-- a word every lead shares took 20-40 ms in SQLite alone, at 1,000 under 1 ms. With an index per
-- prefix length from 3 to 8 letters, a prefix reads one list, walked newest first and stopped at
-- the LIMIT like a whole word (0.1 ms at 200,000 in the same measure). The lead list matches a
-- longer word by its first 8 letters (storage/lead-list.ts). The index grows about 4x (29 MB ->
-- 121 MB at 200,000 leads of the bench's length), well inside D1's 10 GB.
--
-- The index is rebuilt with the option; its triggers (migrations/0025) name it and stay.

DROP TABLE lead_search;

CREATE VIRTUAL TABLE lead_search USING fts5(name, email, phone, inquiry, facets, content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6 7 8');
-- Erase and retention leave no words of a lead in the index's data (security review T9, 0024).
INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);

INSERT INTO lead_search (rowid, name, email, phone, inquiry, facets)
SELECT seq, name, email, phone, inquiry,
  'status' || status || ' via' || replace(COALESCE(delivered_via, 'none'), '-', '')
FROM leads WHERE COALESCE(name, email, phone, inquiry) IS NOT NULL;
