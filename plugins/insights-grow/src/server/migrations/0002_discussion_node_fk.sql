-- GROW-069 / SRV-091: an audience's discussion is a node of the discussions plugin. The foreign
-- key keeps a referenced node from being deleted (the discussions plugin answers 409), and its
-- comment tells that plugin the rows are the node's sub_markets (UPL-032). Ids that name no node
-- (saved before the table existed) are cleared first.
update insights_grow_sub_markets s set discussion_cluster_node_id = null
 where discussion_cluster_node_id is not null
   and not exists (select 1 from discussions_cluster_nodes n where n.id = s.discussion_cluster_node_id);
alter table insights_grow_sub_markets
  add constraint insights_grow_sub_markets_discussion_node foreign key (discussion_cluster_node_id) references discussions_cluster_nodes(id);
comment on constraint insights_grow_sub_markets_discussion_node on insights_grow_sub_markets is 'sub_markets';
create index if not exists insights_grow_sub_markets_discussion on insights_grow_sub_markets (discussion_cluster_node_id);
