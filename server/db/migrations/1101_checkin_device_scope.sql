-- A door device key works only within its days (venue-local dates, both included) and, when
-- given, only for its sessions; it expires at the end of its last day. Keys made before had no
-- limit: they are given the next 30 days, so a venue has time to make scoped keys.
alter table checkin_devices
  add column valid_from date,
  add column valid_to date,
  add column expires_at timestamptz,
  add column session_ids integer[];
update checkin_devices set valid_from = current_date, valid_to = current_date + 30, expires_at = (current_date + 31)::timestamptz;
alter table checkin_devices
  alter column valid_from set not null,
  alter column valid_to set not null,
  alter column expires_at set not null,
  add constraint checkin_devices_days check (valid_from <= valid_to);
