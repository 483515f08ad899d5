-- What a member of staff wrote when cancelling an unpaid order at the desk. cancel_reason keeps
-- the machine's code of who cancelled ('staff', 'expired'); the desk shows these words with it.
alter table orders add column staff_cancel_reason text;
