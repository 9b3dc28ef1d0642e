import type { Queryable, ServerCore } from '@discovery/server';
import { copyNameOf, type InsightsOwnerKind, type InvalidIdentifiersDto } from '../common';
import { owners, type OwnerRef } from './owners';

/** The core or a transaction: anything that runs a query. */
type Db = Pick<Queryable, 'query'>;

const SQL_NAME = /^[a-z_][a-z0-9_]*$/;
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** How a plugin keeps its saved charts: its tables and its wording. */
export interface SavedChartsSpec {
  /** The owner kind of the chart's custom insight tabs (core.owners). */
  kind: InsightsOwnerKind;
  /** The chart table: `id serial`, `product_id`, `name` (unique per product on lower(btrim(name))). */
  table: string;
  /**
   * The default pointer: a table of (product_id[, user_id], <column>), one row per product (or per
   * user and product), no row = no default.
   */
  defaults: { table: string; column: string; perUser: boolean };
  messages: {
    notFound: string;
    nameTaken: string;
    /** The 422's field for a taken name ('mekko.name', 'comparison.name', 'name'). */
    nameField: string;
  };
}

/**
 * The saved-chart rules on the server, once for every chart screen (issue 24): the default
 * pointer, unique names, the copy's name, the chart in the request's product (404 otherwise),
 * invalid identifiers with what other plugins keep for the chart, and deletion with owner cleanup
 * in one transaction. The plugin keeps its own columns, DTOs and routes.
 */
export class SavedCharts {
  private readonly defaultsWhere: string;

  constructor(
    private readonly core: ServerCore,
    readonly spec: SavedChartsSpec,
  ) {
    for (const n of [spec.table, spec.defaults.table, spec.defaults.column])
      if (!SQL_NAME.test(n)) throw new Error(`saved charts '${spec.kind}': '${n}' is not a plain SQL name`);
    this.defaultsWhere = spec.defaults.perUser ? 'product_id = $1 and user_id = $2' : 'product_id = $1';
  }

  owner(id: number, productId: number): OwnerRef {
    return { kind: this.spec.kind, id, productId };
  }

  /** 404 unless the chart is in the product (an id from another product finds nothing); `lock` holds its row. */
  async inProduct(db: Db, id: number, productId: number, lock = false): Promise<void> {
    const [r] = await db.query(`select id from ${this.spec.table} where id = $1 and product_id = $2${lock ? ' for update' : ''}`, [id, productId]);
    if (!r) throw this.core.errors.notFound(this.spec.messages.notFound);
  }

  /** The default chart's id in the product (for this user when defaults are per user), 0 for none. */
  async defaultId(db: Db, productId: number, userId: number): Promise<number> {
    const d = this.spec.defaults;
    const [r] = await db.query<Record<string, unknown>>(
      `select ${d.column} as id from ${d.table} where ${this.defaultsWhere}`,
      d.perUser ? [productId, userId] : [productId],
    );
    return r ? Number(r.id) : 0;
  }

  /** Checked: the chart becomes the default; unchecked: it stops being it (another default stays). Answers the default id. */
  async setDefault(tx: Db, productId: number, userId: number, id: number, on: boolean): Promise<number> {
    const d = this.spec.defaults;
    const keys = d.perUser ? [productId, userId] : [productId];
    if (on) {
      const cols = d.perUser ? 'product_id, user_id' : 'product_id';
      const marks = d.perUser ? '$1, $2, $3' : '$1, $2';
      await tx.query(`insert into ${d.table} (${cols}, ${d.column}) values (${marks}) on conflict (${cols}) do update set ${d.column} = excluded.${d.column}`, [
        ...keys,
        id,
      ]);
    } else {
      await tx.query(`delete from ${d.table} where ${this.defaultsWhere} and ${d.column} = $${keys.length + 1}`, [...keys, id]);
    }
    return this.defaultId(tx, productId, userId);
  }

  /** No default in the product (for this user). */
  async clearDefault(tx: Db, productId: number, userId: number): Promise<void> {
    const d = this.spec.defaults;
    await tx.query(`delete from ${d.table} where ${this.defaultsWhere}`, d.perUser ? [productId, userId] : [productId]);
  }

  private nameTaken() {
    const m = this.spec.messages;
    return this.core.errors.unprocessable(m.nameTaken, { [m.nameField]: m.nameTaken });
  }

  /** 422 when another chart of the product has the name (trimmed, case-insensitive). */
  async checkName(db: Db, productId: number, name: string, selfId: number | null): Promise<void> {
    const [taken] = await db.query(`select 1 from ${this.spec.table} where product_id = $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3`, [
      productId,
      name,
      selfId ?? 0,
    ]);
    if (taken) throw this.nameTaken();
  }

  /** Runs a save; a name clash the unique index catches (two saves at once) reads as the rule's 422. */
  async named<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw this.nameTaken();
      throw e;
    }
  }

  /** A free name for a copy of `name` in the product: '{name} (copy)', '(copy 2)', ... */
  async copyName(db: Db, productId: number, name: string): Promise<string> {
    const rows = await db.query<{ name: string }>(`select name from ${this.spec.table} where product_id = $1`, [productId]);
    return copyNameOf(
      name,
      rows.map((r) => r.name),
    );
  }

  /**
   * The chart's identifiers the provider no longer has: `own` (the chart's segments) checked by the
   * engine, with what other plugins keep for it (custom tabs and widgets).
   */
  async invalid(productId: number, id: number, own: readonly string[]): Promise<InvalidIdentifiersDto> {
    const e = await this.core.counts();
    const unknown = (ids: string[]) => e.invalid(ids);
    const parts = await owners(this.core).invalid(this.core, this.owner(id, productId), unknown);
    return { identifiers: [...new Set([...unknown([...own]), ...parts.identifiers])], tabs: parts.tabs, widgets: parts.widgets };
  }

  /** Drops the invalid identifiers other plugins keep for the chart (in the caller's transaction). */
  async removeOwnedInvalid(tx: Queryable, productId: number, id: number, ids: readonly string[]): Promise<void> {
    await owners(this.core).removeInvalid(tx, this.owner(id, productId), ids);
  }

  /**
   * Deletes the chart and what other plugins keep for it, in one transaction (its children and
   * default pointers go by the foreign keys' cascade). `before` runs first in the same transaction.
   */
  async remove(productId: number, id: number, before?: (tx: Queryable) => Promise<void>): Promise<void> {
    await this.core.transaction(async (tx) => {
      await this.inProduct(tx, id, productId, true);
      await before?.(tx);
      await tx.query(`delete from ${this.spec.table} where id = $1`, [id]);
      await owners(this.core).deleteOwner(tx, this.owner(id, productId));
    });
  }
}
