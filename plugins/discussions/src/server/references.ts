import type { ServerCore } from '@discovery/server';
import { DISCUSSION_NODES_TABLE } from '../common';

/** What a query runs on: the core or a transaction. */
export type Db = Pick<ServerCore, 'query'>;

/** Which of the node's lists a referencing row belongs to, as its foreign key's comment says. */
export type ReferenceList = 'sub_markets' | 'journey_sub_markets';

export interface NodeReferences {
  sub_markets: number[];
  journey_sub_markets: number[];
  in_use: boolean;
}

interface ForeignKey {
  table_name: string;
  column_name: string;
  list: string;
  has_id: boolean;
}

/**
 * Every single-column foreign key in the database that references discussions_cluster_nodes
 * (Grow's audiences, Journeys' cells, whatever comes next; not this plugin's own clusters), read
 * from pg_constraint, so this
 * plugin never names another plugin's tables. A referencing plugin says which list its rows go
 * to with `comment on constraint <fk> on <table> is 'sub_markets'` (or 'journey_sub_markets');
 * a reference without that comment still makes the node in use.
 */
async function foreignKeys(db: Db): Promise<ForeignKey[]> {
  return db.query<ForeignKey>(
    `select c.conrelid::regclass::text as table_name, quote_ident(a.attname) as column_name,
            coalesce(btrim(obj_description(c.oid, 'pg_constraint')), '') as list,
            exists (select 1 from pg_attribute i where i.attrelid = c.conrelid and i.attname = 'id' and not i.attisdropped) as has_id
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = $1::regclass and c.conrelid <> 'discussions_clusters'::regclass and array_length(c.conkey, 1) = 1
      order by 1, 2`,
    [DISCUSSION_NODES_TABLE],
  );
}

/** SRV-091 / UPL-032: the rows that reference each of the nodes, by node id. */
export async function referencesOf(db: Db, nodeIds: number[]): Promise<Map<number, NodeReferences>> {
  const out = new Map<number, NodeReferences>(nodeIds.map((id) => [id, { sub_markets: [], journey_sub_markets: [], in_use: false }]));
  if (!nodeIds.length) return out;
  for (const fk of await foreignKeys(db)) {
    const list: ReferenceList | null = fk.list === 'sub_markets' || fk.list === 'journey_sub_markets' ? fk.list : null;
    const rows = await db.query<{ node_id: number; id: number | null }>(
      `select ${fk.column_name} as node_id, ${fk.has_id ? 'id' : 'null'} as id from ${fk.table_name} where ${fk.column_name} = any($1::int[]) order by 2`,
      [nodeIds],
    );
    for (const r of rows) {
      const refs = out.get(Number(r.node_id));
      if (!refs) continue;
      refs.in_use = true;
      if (list && r.id !== null) refs[list].push(Number(r.id));
    }
  }
  return out;
}
