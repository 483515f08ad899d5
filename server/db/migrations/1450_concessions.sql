-- Concessions of a price category and timed entry at the door (docs/concessions.md).
--
-- A category's concession (the document the door checks, an age range, the days it applies, a
-- monthly limit per visitor) is one JSON value in the catalog file's shape, read by the rules of
-- contract/concession-rules.ts; null is an ordinary category.
alter table categories add column concession jsonb;

-- Timed entry: the door admits a ticket of a timed session from entry_before_minutes before its
-- time to entry_after_minutes after it; null on a side is no bound there.
alter table events
  add column entry_before_minutes integer check (entry_before_minutes between 0 and 1440),
  add column entry_after_minutes integer check (entry_after_minutes between 0 and 1440);

-- An admission a controller let through outside its window says which side it was on; the audit
-- log has the entry with who did it.
alter table checkins add column window_override text check (window_override in ('too-early', 'too-late'));
