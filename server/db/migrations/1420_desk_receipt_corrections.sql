-- A correction receipt («чек коррекции») for a desk receipt the register refused and that cannot
-- be retried (docs/box-office.md, «Correcting a refused receipt»): one more task of the register,
-- sellCorrection for a sale's receipt, sellReturnCorrection for a refund's, with the same items and
-- payments. `corrects` names the refused task it makes up for (at most one correction each);
-- the refused task is then done, `corrected_by` naming the correction, which is relayed, retried
-- and shown like any other task.
alter table desk_receipt_tasks drop constraint desk_receipt_tasks_kind_check;
alter table desk_receipt_tasks add constraint desk_receipt_tasks_kind_check check (
  kind in ('openShift', 'closeShift', 'reportX', 'sell', 'sellReturn', 'cashIn', 'cashOut', 'sellCorrection', 'sellReturnCorrection')
);
alter table desk_receipt_tasks
  add column corrects integer references desk_receipt_tasks (id),
  add column corrected_by integer references desk_receipt_tasks (id);
create unique index desk_receipt_tasks_one_correction on desk_receipt_tasks (corrects) where corrects is not null;
