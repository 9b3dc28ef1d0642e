import { segmentsEndpoints } from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { ApiError, type ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { audiencesEndpoints as E, LookalikeUpdateBody, ruleIds, type AudienceDto, type LookalikeDto, type ProfileDto } from '../../common';

export type DetailItem = AudienceDto | LookalikeDto;

export const AudienceDetailStoreToken = createToken<AudienceDetailStore>('audiences:AudienceDetailStore');

/**
 * The audience detail page's data (SHELL-022): the audience or lookalike, the audience whose rules
 * it counts (a lookalike's seed), the names of the segments the rules use, and the insight
 * profile. A newer load wins over an older one that answers late.
 */
export class AudienceDetailStore {
  item: DetailItem | null = null;
  seed: AudienceDto | null = null;
  names: Record<string, string> = {};
  profile: ProfileDto | null = null;
  error: string | null = null;
  private seq = 0;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<AudienceDetailStore, 'api' | 'seq'>(this, { api: false, seq: false });
  }

  get loading(): boolean {
    return !this.error && (!this.item || !this.seed);
  }

  /** `profile: false` when the Insights panel shows the profile (it asks for its own). */
  async load(type: string | undefined, id: string | undefined, opts: { profile?: boolean } = {}): Promise<void> {
    const seq = ++this.seq;
    this.item = null;
    this.seed = null;
    this.profile = null;
    this.error = null;
    const live = () => seq === this.seq;
    try {
      const params = { id: id ?? '' };
      const it: DetailItem =
        type === 'lookalike'
          ? (await this.api.call(E.lookalikes.get, { params }, { silent: true })).data
          : (await this.api.call(E.get, { params }, { silent: true })).data;
      const seed = it.type === 'lookalike' ? (await this.api.call(E.get, { params: { id: it.seed_audience_id } }, { silent: true })).data : it;
      const ids = ruleIds(seed.rules);
      const segs = ids.length ? (await this.api.call(segmentsEndpoints.byIdentifiers, { body: { identifiers: ids } }, { silent: true })).data : [];
      if (!live()) return;
      runInAction(() => {
        this.item = it;
        this.seed = seed;
        this.names = Object.fromEntries(segs.map((s) => [s.identifier, s.name]));
      });
      if (opts.profile === false) return;
      const p = await this.api.call(E.profile, { params: { id: seed.id } }, { silent: true });
      if (live()) runInAction(() => (this.profile = p.data));
    } catch (e) {
      if (live()) runInAction(() => (this.error = (e as Error).message));
    }
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
      runInAction(() => (this.item = res.data));
      return null;
    } catch (e) {
      return e instanceof ApiError && e.status ? e.message : failed;
    }
  }
}
