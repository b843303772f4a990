-- Security review 2026-12, U11: who brought each new value of a free-text traffic dimension into the
-- day (a 404's path, a source, a campaign), so one client gets only a small share of the day's
-- VALUES_PER_DAY (traffic/storage/traffic.ts). `client` is the day-salted hash of the address or
-- IPv6 /64, never the address; the rows go with the day's fold, as traffic_seen's do.
CREATE TABLE traffic_claims (
  day TEXT NOT NULL,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  client TEXT NOT NULL,
  PRIMARY KEY (day, dimension, value)
) WITHOUT ROWID;
CREATE INDEX traffic_claims_by_client ON traffic_claims (day, dimension, client);

-- U5: the network each exposure came from (the day-salted hash of the IPv4 address or the IPv6
-- /48), so a network is counted as at most a few visitors of an experiment a day, in every isolate
-- and location at once (studio/services/experiments.ts). Deleted with the day's exposures.
ALTER TABLE experiment_visitors ADD COLUMN network TEXT NOT NULL DEFAULT '';
CREATE INDEX experiment_visitors_by_network ON experiment_visitors (experiment_id, day, network);
