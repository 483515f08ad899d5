-- Every change of the catalog version is announced on the channel 'catalog_version' when it
-- commits. A server on the embedded database (PGlite: no other process can write it) listens and
-- keeps the version in memory instead of reading it on every afisha or event-page call
-- (server/catalog/catalog-version.ts). A statement trigger, so a truncate or delete is announced too.
create function notify_catalog_version() returns trigger language plpgsql as $$
begin
  perform pg_notify('catalog_version', '');
  return null;
end
$$;

create trigger catalog_version_notify
  after insert or update or delete or truncate on catalog_version
  for each statement execute function notify_catalog_version();
