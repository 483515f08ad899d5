-- The visitor category (price category) a waiting-list entry of a quantity session asks for; an
-- offer holds its places at that category's price. Null: the event's first ordinary price, as
-- before; a category deleted later falls back to the same.
alter table waitlist_entries add column category_id integer references categories (id) on delete set null;
