import type { Queryable, ServerCore } from '@discovery/server';
import { ALL_REGIONS, TOOLBOX_MESSAGES as M, type CategoryInput, type RegionRef, type UnitInput } from '../common';
import { unitById } from './repository';

type UnitFields = Omit<UnitInput, 'id' | 'client_id'>;
type CategoryFields = Omit<CategoryInput, 'id' | 'client_id'>;

/** PostgreSQL's unique_violation: two saves raced past the name check. */
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

/**
 * Unit and category writes, each in one transaction: the checks that need the database (name
 * unique in the client, regions and category of the same client) run inside it, before the write.
 */
export class ToolboxService {
  constructor(private readonly core: ServerCore) {}

  private unprocessable(field: string, message: string): Error {
    return this.core.errors.unprocessable(message, { [field]: message });
  }

  private async checkUnit(tx: Queryable, clientId: number, u: UnitFields, id: number | null): Promise<void> {
    const [dup] = await tx.query('select 1 from toolbox_units where client_id = $1 and lower(name) = lower($2) and id <> $3', [clientId, u.name, id ?? 0]);
    if (dup) throw this.unprocessable('unit.name', `A toolbox unit named '${u.name}' already exists for this client.`);
    const regionIds = u.region_ids.filter((r): r is number => r !== ALL_REGIONS);
    if (regionIds.length) {
      const rows = await tx.query<{ id: number }>('select id from regions where client_id = $1 and id = any($2::int[])', [clientId, regionIds]);
      const known = new Set(rows.map((r) => Number(r.id)));
      const bad = regionIds.find((r) => !known.has(r));
      if (bad !== undefined) throw this.unprocessable('unit.region_ids', `${M.regionInvalid} (${bad} is not one.)`);
    }
    if (u.category_id) {
      const [cat] = await tx.query('select 1 from toolbox_categories where id = $1 and client_id = $2', [u.category_id, clientId]);
      if (!cat) throw this.unprocessable('unit.category_id', `Toolbox category ${u.category_id} is not one of this client's categories.`);
    }
  }

  /** TBX-008 kept by the server as well: a unit with status false has no category and is not iframed. */
  private normalize(u: UnitFields): UnitFields {
    return u.status === false ? { ...u, category_id: null, iframed: false } : u;
  }

  /** TBX-007: a new unit, status true. */
  async createUnit(clientId: number, input: UnitFields): Promise<number> {
    const u = this.normalize({ ...input, status: true });
    try {
      return await this.core.transaction(async (tx) => {
        await this.checkUnit(tx, clientId, u, null);
        const [row] = await tx.query<{ id: number }>(
          `insert into toolbox_units (client_id, name, status, region_ids, use_client_hierarchy, feature_module_category, iframed, url, category_id)
           values ($1, $2, true, $3::jsonb, $4, $5, $6, $7, $8) returning id`,
          [clientId, u.name, JSON.stringify(u.region_ids), u.use_client_hierarchy, u.feature_module_category, u.iframed, u.url, u.category_id ?? null],
        );
        return Number(row.id);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw this.unprocessable('unit.name', `A toolbox unit named '${u.name}' already exists for this client.`);
      throw e;
    }
  }

  /** TBX-008 / TBX-009: the stored unit with the given fields over it. */
  async updateUnit(clientId: number, id: number, patch: Partial<UnitFields>): Promise<void> {
    try {
      await this.core.transaction(async (tx) => {
        const [locked] = await tx.query('select id from toolbox_units where id = $1 and client_id = $2 for update', [id, clientId]);
        if (!locked) throw this.core.errors.notFound(`Toolbox unit ${id} does not exist.`);
        const current = (await unitById(tx, id))!;
        const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<UnitFields>;
        const u = this.normalize({
          name: current.name,
          status: current.status,
          region_ids: current.region_ids as RegionRef[],
          use_client_hierarchy: current.use_client_hierarchy,
          feature_module_category: current.feature_module_category,
          iframed: current.iframed,
          url: current.url,
          category_id: current.category_id,
          ...defined,
        });
        await this.checkUnit(tx, clientId, u, id);
        await tx.query(
          `update toolbox_units set name = $2, status = $3, region_ids = $4::jsonb, use_client_hierarchy = $5, feature_module_category = $6,
             iframed = $7, url = $8, category_id = $9, updated_at = now() where id = $1`,
          [id, u.name, u.status, JSON.stringify(u.region_ids), u.use_client_hierarchy, u.feature_module_category, u.iframed, u.url, u.category_id ?? null],
        );
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw this.unprocessable('unit.name', `A toolbox unit named '${patch.name}' already exists for this client.`);
      throw e;
    }
  }

  async deleteUnit(clientId: number, id: number): Promise<void> {
    const rows = await this.core.query('delete from toolbox_units where id = $1 and client_id = $2 returning id', [id, clientId]);
    if (!rows.length) throw this.core.errors.notFound(`Toolbox unit ${id} does not exist.`);
  }

  private async checkCategoryName(tx: Queryable, clientId: number, name: string, id: number | null): Promise<void> {
    const [dup] = await tx.query('select 1 from toolbox_categories where client_id = $1 and lower(name) = lower($2) and id <> $3', [clientId, name, id ?? 0]);
    if (dup) throw this.unprocessable('category.name', `A toolbox category named '${name}' already exists for this client.`);
  }

  /** TBX-010: a new category goes last unless a priority is given. */
  async createCategory(clientId: number, c: CategoryFields): Promise<number> {
    return this.core.transaction(async (tx) => {
      await this.checkCategoryName(tx, clientId, c.name, null);
      const [next] = await tx.query<{ p: number }>('select coalesce(max(priority) + 1, 0) as p from toolbox_categories where client_id = $1', [clientId]);
      const [row] = await tx.query<{ id: number }>('insert into toolbox_categories (client_id, name, priority, status) values ($1, $2, $3, $4) returning id', [
        clientId,
        c.name,
        c.priority ?? Number(next.p),
        c.status ?? true,
      ]);
      return Number(row.id);
    });
  }

  async updateCategory(clientId: number, id: number, patch: Partial<CategoryFields>): Promise<void> {
    await this.core.transaction(async (tx) => {
      const [cur] = await tx.query<Record<string, unknown>>('select * from toolbox_categories where id = $1 and client_id = $2 for update', [id, clientId]);
      if (!cur) throw this.core.errors.notFound(`Toolbox category ${id} does not exist.`);
      const name = patch.name ?? String(cur.name);
      if (patch.name !== undefined) await this.checkCategoryName(tx, clientId, name, id);
      await tx.query('update toolbox_categories set name = $2, priority = $3, status = $4, updated_at = now() where id = $1', [
        id,
        name,
        patch.priority ?? Number(cur.priority),
        patch.status ?? cur.status === true,
      ]);
    });
  }

  /** Units of a deleted category keep going, without a category (on delete set null). */
  async deleteCategory(clientId: number, id: number): Promise<void> {
    const rows = await this.core.query('delete from toolbox_categories where id = $1 and client_id = $2 returning id', [id, clientId]);
    if (!rows.length) throw this.core.errors.notFound(`Toolbox category ${id} does not exist.`);
  }

  /** TBX-011: every listed category's priority in one transaction; all must be the client's. */
  async bulkPriorities(clientId: number, list: { id: number; priority: number }[]): Promise<void> {
    await this.core.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>('select id from toolbox_categories where client_id = $1 and id = any($2::int[]) for update', [
        clientId,
        list.map((c) => c.id),
      ]);
      const known = new Set(rows.map((r) => Number(r.id)));
      const bad = list.find((c) => !known.has(c.id));
      if (bad) throw this.unprocessable('categories', `Toolbox category ${bad.id} is not one of this client's categories.`);
      for (const c of list) await tx.query('update toolbox_categories set priority = $2, updated_at = now() where id = $1', [c.id, c.priority]);
    });
  }
}
