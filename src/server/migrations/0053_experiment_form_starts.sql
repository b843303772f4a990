-- A campaign form's starts per experiment arm (issue 63): an exposure is marked started on its
-- visitor's first input in the tested page's form (the start beacon, /api/form-start), once, and
-- the trigger counts it beside the arm's visitors of that day. Only an exposed visitor can start,
-- so an arm never has more starts than visitors.
ALTER TABLE experiment_visitors ADD COLUMN started INTEGER NOT NULL DEFAULT 0 CHECK (started IN (0, 1));
ALTER TABLE experiment_days ADD COLUMN starts INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER experiment_visitor_started AFTER UPDATE OF started ON experiment_visitors
WHEN OLD.started = 0 AND NEW.started = 1
BEGIN
  UPDATE experiment_days SET starts = starts + 1
  WHERE experiment_id = NEW.experiment_id AND day = NEW.day AND arm = NEW.arm;
END;
