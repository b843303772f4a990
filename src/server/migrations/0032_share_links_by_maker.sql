-- Share links by their maker (review U10): when someone leaves the team, or moves to a role that may
-- not edit pages, the links they made end at once, read by this index rather than a scan.
CREATE INDEX share_links_by_maker ON share_links (made_by);
