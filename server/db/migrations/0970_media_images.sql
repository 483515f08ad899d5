-- Images uploaded in the back office (posters, logos), kept in the database rather than on one
-- instance's disk, since several instances serve one PostgreSQL. An upload is keyed by the hash of
-- its bytes, so the same file uploaded twice is one row set. Only what the server made is kept (no
-- original): every variant is decoded, turned upright and written anew without any metadata.
create table media_images (
  hash text primary key check (hash ~ '^[0-9a-f]{32}$'),
  -- The upright image's own size, and its fallback format: png when it has transparent parts.
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  fallback text not null check (fallback in ('jpg', 'png')),
  uploaded_by integer references staff (id) on delete set null,
  uploaded_at timestamptz not null
);

create table media_variants (
  hash text not null references media_images (hash) on delete cascade,
  width integer not null check (width > 0),
  format text not null check (format in ('avif', 'webp', 'jpg', 'png')),
  bytes bytea not null,
  primary key (hash, width, format)
);
