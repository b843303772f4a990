-- A whole e-mail address typed into the lead search is matched exactly, any case, through this
-- index (storage/lead-list.ts): in the full-text index its common words (`example`, `com`) match
-- most leads, which took 156 ms of D1 time at 1,000,000 leads (issue 33). Erase empties the
-- column, so the index forgets the address with the lead.
CREATE INDEX leads_by_email ON leads (lower(email));
