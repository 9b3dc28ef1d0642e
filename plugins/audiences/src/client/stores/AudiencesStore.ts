import { createToken } from '@discovery/plugin-api';
import { ApiError, Resource, type ApiClient, type Settled } from '@discovery/platform';
import { usedInInsightsRefusal } from '@discovery/insights-kit';
import { makeAutoObservable } from 'mobx';
import { audiencesEndpoints as E, type AudienceDto, type LookalikeDto } from '../../common';

export const AudiencesStoreToken = createToken<AudiencesStore>('audiences:AudiencesStore');

export type OverviewRow = AudienceDto | LookalikeDto;
export type SortKey = 'name' | 'people' | 'created_at';

/** The overview of the current context: audiences and lookalikes, search, sort, delete. */
export class AudiencesStore {
  /** Both lists of the context; another context's call on its way is aborted. */
  readonly list = new Resource<OverviewRow[]>([]);
  query = '';
  sort: { key: SortKey; desc: boolean } = { key: 'created_at', desc: true };
  private context: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<AudiencesStore, 'api' | 'context'>(this, { api: false, list: false, context: false });
  }

  get rows(): OverviewRow[] {
    return this.list.data;
  }

  /** The lists of `context` (X-Context); another context's rows are never shown meanwhile. */
  load(context: string): Settled<unknown> {
    if (context !== this.context) this.list.reset();
    this.context = context;
    return this.list.load(async (signal) => {
      const [a, l] = await Promise.all([this.api.call(E.list, {}, { silent: true, signal }), this.api.call(E.lookalikes.list, {}, { silent: true, signal })]);
      return [...a.data, ...l.data];
    });
  }

  setQuery(q: string): void {
    this.query = q;
  }

  /** A click on a column: the same column flips direction; another starts descending (name: ascending). */
  sortBy(key: SortKey): void {
    this.sort = this.sort.key === key ? { key, desc: !this.sort.desc } : { key, desc: key !== 'name' };
  }

  get visible(): OverviewRow[] {
    const q = this.query.trim().toLowerCase();
    const rows = q ? this.rows.filter((r) => r.name.toLowerCase().includes(q)) : [...this.rows];
    const { key, desc } = this.sort;
    const value = (r: OverviewRow): number | string =>
      key === 'name' ? r.name.toLowerCase() : key === 'people' ? (r.count.people.global ?? -1) : Date.parse(r.created_at);
    rows.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const c = x < y ? -1 : x > y ? 1 : 0;
      return desc ? -c : c;
    });
    return rows;
  }

  audiences(): AudienceDto[] {
    return this.rows.filter((r): r is AudienceDto => r.type === 'audience');
  }

  /**
   * Deletes a row; resolves to the server's message. SRV-094 / EXP-036 / 002 §8: a 405 naming
   * insights is passed on as it is (DeleteRefused); any other failure reads 'Error: <server text>'.
   */
  async remove(row: OverviewRow): Promise<string> {
    try {
      const res = await this.api.call(row.type === 'audience' ? E.remove : E.lookalikes.remove, { params: { id: row.id } }, { silent: true });
      this.list.set(
        this.rows.filter(
          (r) =>
            !(r.type === row.type && r.id === row.id) &&
            // a deleted seed takes its lookalikes with it
            !(row.type === 'audience' && r.type === 'lookalike' && r.seed_audience_id === row.id),
        ),
      );
      return res.data.message;
    } catch (e) {
      const refusal = usedInInsightsRefusal(e instanceof ApiError ? e.status : undefined, (e as Error).message);
      if (refusal.kind === 'inInsights') throw new DeleteRefused((e as Error).message);
      throw new Error(refusal.text, { cause: e });
    }
  }

  async createLookalike(seed: AudienceDto, name: string): Promise<LookalikeDto> {
    const res = await this.api.call(E.lookalikes.create, { body: { lookalike: { name, seed_audience_id: seed.id } } }, { silent: true });
    this.list.set([res.data, ...this.rows]);
    return res.data;
  }
}

/** A delete the server refuses because insights use the item (405). */
export class DeleteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeleteRefused';
  }
}
