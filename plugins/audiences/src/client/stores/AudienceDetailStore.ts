import { segmentsEndpoints } from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { ApiError, Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { audiencesEndpoints as E, LookalikeUpdateBody, ruleIds, type AudienceDto, type LookalikeDto, type ProfileDto } from '../../common';

export type DetailItem = AudienceDto | LookalikeDto;

export const AudienceDetailStoreToken = createToken<AudienceDetailStore>('audiences:AudienceDetailStore');

interface Detail {
  item: DetailItem;
  /** The audience whose rules it counts: itself, or a lookalike's seed. */
  seed: AudienceDto;
  names: Record<string, string>;
}

/**
 * The audience detail page's data (SHELL-022): the audience or lookalike, the audience whose rules
 * it counts (a lookalike's seed), the names of the segments the rules use, and the insight
 * profile. A newer load aborts an older one, whose late answer is dropped.
 */
export class AudienceDetailStore {
  readonly detail = new Resource<Detail | null>(null);
  readonly profileResource = new Resource<ProfileDto | null>(null);

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<AudienceDetailStore, 'api'>(this, { api: false, detail: false, profileResource: false });
  }

  get item(): DetailItem | null {
    return this.detail.data?.item ?? null;
  }
  get seed(): AudienceDto | null {
    return this.detail.data?.seed ?? null;
  }
  get names(): Record<string, string> {
    return this.detail.data?.names ?? {};
  }
  get profile(): ProfileDto | null {
    return this.profileResource.data;
  }
  get error(): Error | null {
    return this.detail.error;
  }

  get loading(): boolean {
    return this.detail.loading;
  }

  /** `profile: false` when the Insights panel shows the profile (it asks for its own). */
  load(type: string | undefined, id: string | undefined, opts: { profile?: boolean } = {}): Settled<unknown> {
    this.detail.reset();
    this.profileResource.reset();
    return this.detail
      .load(async (signal) => {
        const params = { id: id ?? '' };
        const it: DetailItem =
          type === 'lookalike'
            ? (await this.api.call(E.lookalikes.get, { params }, { silent: true, signal })).data
            : (await this.api.call(E.get, { params }, { silent: true, signal })).data;
        const seed = it.type === 'lookalike' ? (await this.api.call(E.get, { params: { id: it.seed_audience_id } }, { silent: true, signal })).data : it;
        const ids = ruleIds(seed.rules);
        const segs = ids.length ? (await this.api.call(segmentsEndpoints.byIdentifiers, { body: { identifiers: ids } }, { silent: true, signal })).data : [];
        return { item: it, seed, names: Object.fromEntries(segs.map((s) => [s.identifier, s.name])) };
      })
      .then((d) => {
        if (d && opts.profile !== false) return this.loadProfile();
      });
  }

  /** The insight profile of the shown audience (or a lookalike's seed). */
  loadProfile(): Settled<unknown> {
    const seed = this.seed;
    if (!seed) return Promise.resolve();
    return this.profileResource.load(async (signal) => (await this.api.call(E.profile, { params: { id: seed.id } }, { silent: true, signal })).data);
  }

  /**
   * Renames the shown lookalike (SRV-093 update): the shared schema first, then PUT
   * v2/lookalikes/{id}. Answers the message to show, or null when renamed.
   */
  async renameLookalike(name: string, failed: string): Promise<string | null> {
    const item = this.item;
    if (item?.type !== 'lookalike') return failed;
    const parsed = LookalikeUpdateBody.safeParse({ lookalike: { name } });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? failed;
    try {
      const res = await this.api.call(E.lookalikes.update, { params: { id: item.id }, body: parsed.data }, { silent: true });
      const d = this.detail.data;
      if (d) this.detail.set({ ...d, item: res.data });
      return null;
    } catch (e) {
      return e instanceof ApiError && e.status ? e.message : failed;
    }
  }
}
