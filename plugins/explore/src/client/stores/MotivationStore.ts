import { createToken } from '@discovery/plugin-api';
import { ApiError, Resource, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { exploreEndpoints as E, motivationDeleteError, type MotivationDto } from '../../common';

export const MotivationStoreToken = createToken<MotivationStore>('explore:MotivationStore');

export interface MotivationServices {
  api: ApiClient;
  toast: { success(message: string): unknown; error(message: string): unknown };
}

/** While a job is pending or processing the overview is asked again this often. */
export const MOTIVATION_POLL_MS = 3000;

/**
 * Motivation audiences (EXP-026..033): the product's overview list (reloaded on a context change,
 * polled while a job is in flight), create (a core job on the server), delete with the 405 'used
 * in Insights' modal.
 */
export class MotivationStore {
  readonly overview = new Resource<MotivationDto[] | null>(null);
  context = '';
  /** EXP-033: the separate error action's modal is open. */
  inInsights = false;
  creating = false;

  constructor(private readonly s: MotivationServices) {
    makeAutoObservable<MotivationStore, 's'>(this, { s: false, overview: false });
  }

  get items(): MotivationDto[] {
    return this.overview.data ?? [];
  }
  get inFlight(): boolean {
    return this.items.some((m) => m.attributes.job_status === 'pending' || m.attributes.job_status === 'processing');
  }

  /** EXP-027 / EXP-030: another context clears the list and closes the modal, then loads its own. */
  load(context: string) {
    if (context !== this.context) {
      this.context = context;
      this.overview.reset();
      this.inInsights = false;
    }
    return this.overview.load((signal) => this.s.api.call(E.motivationsOverview, {}, { signal, silent: true }).then((r) => r.data));
  }

  /** EXP-031: answers the new motivation, or the server's field messages. */
  create(input: { name: string; persona_id: number }): Settled<{ data: MotivationDto } | { fields: Record<string, string> }> {
    return settle(this.createNow(input), (e) => ({ fields: { _: (e as Error).message } }));
  }

  private async createNow(input: { name: string; persona_id: number }): Promise<{ data: MotivationDto } | { fields: Record<string, string> }> {
    this.creating = true;
    try {
      const r = await this.s.api.call(E.createMotivation, { body: { motivation_audience: { ...input, use_cases: ['insights'] } } }, { silent: true });
      this.overview.set([r.data, ...this.items]);
      return r;
    } catch (e) {
      return { fields: e instanceof ApiError && e.fields ? e.fields : { _: (e as Error).message } };
    } finally {
      this.creating = false;
    }
  }

  /** EXP-032 / EXP-033. */
  remove(id: number): Settled<void> {
    return settle(this.removeNow(id), () => undefined);
  }

  private async removeNow(id: number): Promise<void> {
    try {
      const r = await this.s.api.call(E.removeMotivation, { params: { id } }, { silent: true });
      this.overview.set(this.items.filter((m) => m.id !== id));
      this.s.toast.success(r.data.message);
    } catch (e) {
      const err = motivationDeleteError(e instanceof ApiError ? e.status : undefined, (e as Error).message);
      if (err.kind === 'inInsights') this.inInsights = true;
      else this.s.toast.error(err.text);
    }
  }

  closeInInsights() {
    this.inInsights = false;
  }
}
