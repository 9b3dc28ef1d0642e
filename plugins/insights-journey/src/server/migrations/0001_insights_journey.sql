create table if not exists insights_journey_items (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now()
);
create index if not exists insights_journey_items_product on insights_journey_items (product_id);
