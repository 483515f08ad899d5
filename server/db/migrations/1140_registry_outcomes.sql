-- The registry's answers, classified: a refusal (HTTP 400 {code, description}, or another 4xx
-- that sending again cannot change) ends a report with the registry's reason kept for staff; an
-- outage is tried again with backoff. A POST /tickets whose answer was lost (a timeout, a
-- connection cut, a 5xx) may have been accepted: it is marked uncertain and read back by its
-- barcode before it is sent again, so the registry never holds a ticket twice.
alter table registry_reports add column refused_at timestamptz;
alter table registry_reports add column post_uncertain boolean not null default false;
-- The registry holds the ticket (read back by barcode) but did not give its id: a visit is then
-- reported by event and barcode; a refund, addressed by id only, is listed for staff.
alter table registry_reports add column registered_by_barcode boolean not null default false;
drop index registry_reports_due;
create index registry_reports_due on registry_reports (next_attempt_at) where sent_at is null and refused_at is null;
