-- Special offers' descriptions become rich texts, HTML through the storefront's allow-list as
-- event descriptions are. What was stored until now is plain text: each language is escaped, so
-- a '<' or '&' the manager typed still reads as typed, and its line breaks become <br>, so the
-- order page shows it as before. Runs once: a description saved after it is HTML already.
update special_offers set description = coalesce((
    select jsonb_object_agg(key,
      replace(replace(replace(
        replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
        E'\r\n', '<br>'), E'\r', '<br>'), E'\n', '<br>'))
    from jsonb_each_text(description)), '{}'::jsonb)
  where description <> '{}'::jsonb;
