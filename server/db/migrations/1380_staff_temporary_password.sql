-- A password an owner set or made up (a new member's, or a reset) is temporary: until the member
-- changes it, their sessions may only change it (and sign out). Members already signed up keep
-- theirs as it is.
alter table staff add column must_change_password boolean not null default false;
