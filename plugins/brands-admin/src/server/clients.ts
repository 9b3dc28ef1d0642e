import { isSlugVisible, slugify, type Queryable, type ServerCore } from '@discovery/server';
import type { AdminClientDto, ClientBodySchema, RegionInput } from '../common';
import { uniqueSlug, type Reader } from './repository';
import type { z } from 'zod';

type ClientInput = z.output<typeof ClientBodySchema>['client'];

/** Clients and regions (SRV-028, SRV-029, BRAND-059): the {clients} service's writes. */
export class ClientService {
  constructor(private readonly core: ServerCore) {}

  /** Every client the grants reach (a grant on any of its slugs), by name. */
  async list(db: Reader, grants: readonly string[]): Promise<AdminClientDto[]> {
    const rows = await db.query<{ id: number; slug: string }>('select id, slug from clients order by lower(name), id');
    const out: AdminClientDto[] = [];
    for (const r of rows) if (isSlugVisible(grants, r.slug)) out.push((await this.load(db, Number(r.id)))!);
    return out;
  }

  async load(db: Reader, id: number): Promise<AdminClientDto | null> {
    const [c] = await db.query<Record<string, unknown>>('select * from clients where id = $1', [id]);
    if (!c) return null;
    const regions = await db.query<Record<string, unknown>>('select * from regions where client_id = $1 order by is_default desc, name', [id]);
    return {
      id: Number(c.id),
      name: String(c.name),
      slug: String(c.slug),
      conversant_company_id: c.conversant_company_id === null ? null : Number(c.conversant_company_id),
      feature_flags: (c.feature_flags as Record<string, boolean>) ?? {},
      site_visitation_enabled: Boolean(c.site_visitation_enabled),
      regions: regions.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        slug: String(r.slug),
        currency: { symbol: String(r.currency_symbol), symbol_first: Boolean(r.currency_symbol_first) },
        is_default: Boolean(r.is_default),
        molecula_index: (r.molecula_index as string | null) ?? null,
        es_index: (r.es_index as string | null) ?? null,
        id_env_motivation_url: (r.id_env_motivation_url as string | null) ?? null,
      })),
    };
  }

  /** POST clients (no id) or PUT clients/{id}, with its regions, in one transaction. */
  async save(input: ClientInput, grants: readonly string[], id?: number): Promise<number> {
    return this.core.transaction(async (tx) => {
      let current: { slug: string } | undefined;
      if (id) {
        [current] = await tx.query<{ slug: string }>('select slug from clients where id = $1 for update', [id]);
        if (!current) throw this.core.errors.notFound('No such client.');
        if (!isSlugVisible(grants, current.slug)) throw this.core.errors.forbidden(`You don't have access to '${current.slug}'.`);
      }
      const slug = input.slug ?? current?.slug ?? (slugify(input.name) || 'client');
      const clash = await tx.query<{ id: number }>('select id from clients where slug = $1 and id <> $2', [slug, id ?? 0]);
      if (clash.length) throw this.core.errors.unprocessable('Client slug already used.', { 'client.slug': 'Client slug already used.' });
      let clientId: number;
      if (!id) {
        const [row] = await tx.query<{ id: number }>(
          `insert into clients (name, slug, conversant_company_id, feature_flags, site_visitation_enabled)
           values ($1, $2, $3, $4, $5) returning id`,
          [input.name, slug, input.conversant_company_id ?? null, JSON.stringify(input.feature_flags ?? {}), input.site_visitation_enabled ?? false],
        );
        clientId = Number(row.id);
      } else {
        clientId = id;
        await tx.query(
          `update clients set name = $2, slug = $3,
             conversant_company_id = case when $4::boolean then $5::bigint else conversant_company_id end,
             feature_flags = coalesce($6::jsonb, feature_flags),
             site_visitation_enabled = coalesce($7::boolean, site_visitation_enabled)
           where id = $1`,
          [
            clientId,
            input.name,
            slug,
            input.conversant_company_id !== undefined,
            input.conversant_company_id ?? null,
            input.feature_flags ? JSON.stringify(input.feature_flags) : null,
            input.site_visitation_enabled ?? null,
          ],
        );
      }
      for (const [i, r] of (input.regions ?? []).entries()) await this.writeRegion(tx, clientId, r, `client.regions.${i}`);
      await this.keepOneDefault(
        tx,
        clientId,
        (input.regions ?? []).some((r) => r.is_default),
      );
      return clientId;
    });
  }

  /** POST clients/{clientId}/regions (SRV-029). */
  async addRegion(clientId: number, input: RegionInput, grants: readonly string[]): Promise<number> {
    return this.core.transaction(async (tx) => {
      const [client] = await tx.query<{ slug: string }>('select slug from clients where id = $1 for update', [clientId]);
      if (!client) throw this.core.errors.notFound('No such client.');
      if (!isSlugVisible(grants, client.slug)) throw this.core.errors.forbidden(`You don't have access to '${client.slug}'.`);
      const id = await this.writeRegion(tx, clientId, { ...input, id: undefined }, 'region');
      await this.keepOneDefault(tx, clientId, input.is_default === true, id);
      return id;
    });
  }

  private async writeRegion(tx: Queryable, clientId: number, r: RegionInput, path: string): Promise<number> {
    const others = await tx.query<{ id: number; slug: string }>('select id, slug from regions where client_id = $1', [clientId]);
    if (r.id) {
      if (!others.some((o) => Number(o.id) === r.id))
        throw this.core.errors.unprocessable(`Region ${r.id} is not a region of this client.`, { [`${path}.id`]: 'Not a region of this client.' });
    }
    const taken = new Set(others.filter((o) => Number(o.id) !== r.id).map((o) => o.slug));
    if (r.slug && taken.has(r.slug)) throw this.core.errors.unprocessable('Region slug already used.', { [`${path}.slug`]: 'Region slug already used.' });
    if (r.id) {
      await tx.query(
        `update regions set name = $2, slug = coalesce($3, slug),
           currency_symbol = coalesce($4, currency_symbol), currency_symbol_first = coalesce($5, currency_symbol_first),
           molecula_index = case when $6::boolean then $7 else molecula_index end,
           es_index = case when $8::boolean then $9 else es_index end,
           id_env_motivation_url = case when $10::boolean then $11 else id_env_motivation_url end
         where id = $1`,
        [
          r.id,
          r.name,
          r.slug ?? null,
          r.currency?.symbol ?? null,
          r.currency?.symbol_first ?? null,
          r.molecula_index !== undefined,
          r.molecula_index ?? null,
          r.es_index !== undefined,
          r.es_index ?? null,
          r.id_env_motivation_url !== undefined,
          r.id_env_motivation_url ?? null,
        ],
      );
      if (r.is_default) await tx.query('update regions set is_default = (id = $2) where client_id = $1', [clientId, r.id]);
      return r.id;
    }
    const [row] = await tx.query<{ id: number }>(
      `insert into regions (client_id, name, slug, currency_symbol, currency_symbol_first, is_default, molecula_index, es_index, id_env_motivation_url)
       values ($1, $2, $3, $4, $5, false, $6, $7, $8) returning id`,
      [
        clientId,
        r.name,
        r.slug ?? uniqueSlug(r.name, taken, 'region'),
        r.currency?.symbol ?? '$',
        r.currency?.symbol_first ?? true,
        r.molecula_index ?? null,
        r.es_index ?? null,
        r.id_env_motivation_url ?? null,
      ],
    );
    const id = Number(row.id);
    if (r.is_default) await tx.query('update regions set is_default = (id = $2) where client_id = $1', [clientId, id]);
    return id;
  }

  /** One default region per client: the one the body named, else keep the current, else the first. */
  private async keepOneDefault(tx: Queryable, clientId: number, named: boolean, preferred?: number) {
    if (named) return;
    const [current] = await tx.query<{ id: number }>('select id from regions where client_id = $1 and is_default order by id limit 1', [clientId]);
    const id = current
      ? Number(current.id)
      : (preferred ?? Number((await tx.query<{ id: number }>('select id from regions where client_id = $1 order by id limit 1', [clientId]))[0]?.id ?? 0));
    if (id) await tx.query('update regions set is_default = (id = $2) where client_id = $1', [clientId, id]);
  }
}
