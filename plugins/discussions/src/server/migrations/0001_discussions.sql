-- Discussion cluster nodes of a client (UPL-032, SRV-090) and their clusters: the rows of the
-- uploaded Discussion_Template (UPL-031). Other plugins reference a node with a foreign key to
-- discussions_cluster_nodes(id); the delete guard (SRV-091) and the node's sub_markets /
-- journey_sub_markets come from those foreign keys (server/references.ts).
create table if not exists discussions_cluster_nodes (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- SRV-092 (DESIGN): unique per client, trimmed and case-insensitive.
create unique index if not exists discussions_cluster_nodes_name on discussions_cluster_nodes (client_id, lower(btrim(name)));

create table if not exists discussions_clusters (
  id serial primary key,
  node_id integer not null references discussions_cluster_nodes(id) on delete cascade,
  name text not null default '',
  size integer not null check (size between 1 and 100),
  "order" integer not null default 0
);
create index if not exists discussions_clusters_node on discussions_clusters (node_id);
