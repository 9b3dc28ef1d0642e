import type { Filter } from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { isAbortError, Resource, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { snapshotEndpoints as E, type SnapshotDto, type SnapshotSummaryDto } from '../../common';

export const SnapshotsStoreToken = createToken<SnapshotsStore>('insights-grow:SnapshotsStore');

/** How a failure is recorded: EXP-043, a snapshot call that fails shows nothing to the user (log only). */
export type SnapshotLog = (message: string, error: unknown) => void;
const consoleLog: SnapshotLog = (message, error) => console.warn(`grow snapshots: ${message}`, (error as Error)?.message ?? error);

/**
 * Grow's snapshot model (EXP-038..044): the snapshots of the chart on screen, the loaded (active)
 * one, and the Predictions view that compares them. Every call is silent: a failure is logged and
 * leaves the state as it was (no banner, no toast, EXP-043). Every action returns Settled.
 */
export class SnapshotsStore {
  /** The chart whose snapshots are listed (with the product's context: ids are only read in it). */
  key = '';
  mekkoId: number | null = null;
  /** EXP-038: the chart's snapshots, newest first (the latest chart's answer wins). */
  readonly list = new Resource<SnapshotSummaryDto[]>([]);
  /** The loaded snapshot, compared with the chart in the Predictions view. */
  active: SnapshotDto | null = null;
  view: 'chart' | 'predictions' = 'chart';
  busy = false;
  private loading = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly log: SnapshotLog = consoleLog,
  ) {
    makeAutoObservable<SnapshotsStore, 'api' | 'log' | 'loading'>(this, { api: false, log: false, list: false, loading: false });
  }

  get snapshots(): SnapshotSummaryDto[] {
    return this.list.data;
  }

  setView(view: 'chart' | 'predictions'): Settled<void> {
    this.view = view;
    return this.mekkoId !== null && view === 'predictions' && this.list.status === 'idle' ? this.reload() : Promise.resolve();
  }

  /**
   * The chart on screen (GrowPage follows the store's chart): another chart or product clears the
   * loaded snapshot (EXP-053's rule for context changes) and lists the new chart's snapshots when
   * the Predictions view is open.
   */
  follow(context: string, mekkoId: number | null): Settled<void> {
    const key = `${context}#${mekkoId ?? ''}`;
    if (key === this.key) return Promise.resolve();
    this.key = key;
    this.mekkoId = mekkoId;
    this.active = null;
    this.loading++;
    this.list.reset();
    if (mekkoId === null || this.view !== 'predictions') return Promise.resolve();
    return this.reload();
  }

  /** EXP-038: lists the chart's snapshots. */
  reload(): Settled<void> {
    const id = this.mekkoId;
    if (id === null) return Promise.resolve();
    return this.list
      .load((signal) => this.api.call(E.list, { query: { mekko_id: id } }, { signal, silent: true }).then((r) => r.data))
      .then(() => {
        if (this.list.error) this.log('the list could not be loaded', this.list.error);
      });
  }

  /** EXP-038: loads one snapshot, which becomes the active one; a failure keeps the one loaded before. */
  load(id: number): Settled<boolean> {
    const ticket = ++this.loading;
    return settle(
      this.api.call(E.get, { params: { id } }, { silent: true }).then((r) => {
        if (ticket !== this.loading) return false;
        runInAction(() => (this.active = r.data));
        return true;
      }),
      (e) => this.failed('the snapshot could not be loaded', e, false),
    );
  }

  /** EXP-039: takes a snapshot of the chart within the filters on screen; it becomes the loaded one. */
  create(name: string, filters: readonly Filter[]): Settled<SnapshotDto | null> {
    const mekkoId = this.mekkoId;
    if (mekkoId === null) return Promise.resolve(null);
    this.busy = true;
    const key = this.key;
    return settle(
      this.api
        .call(
          E.create,
          { body: { snapshot: { mekko_id: mekkoId, name, filters: filters.map(({ group, short_id }) => ({ group, short_id })) } } },
          { silent: true },
        )
        .then(async (r) => {
          if (key !== this.key) return null;
          this.loading++;
          runInAction(() => (this.active = r.data));
          await this.reload();
          return r.data;
        }),
      (e) => this.failed('the snapshot could not be saved', e, null),
    ).finally(() => runInAction(() => (this.busy = false)));
  }

  /** EXP-041. */
  clear(): void {
    this.loading++;
    this.active = null;
  }

  /** EXP-040: deletes a snapshot; the list is then the server's (a loaded one that was deleted is cleared). */
  remove(id: number): Settled<boolean> {
    this.busy = true;
    return settle(
      this.api.call(E.remove, { params: { id } }, { silent: true }).then(async () => {
        runInAction(() => {
          if (this.active?.id === id) this.clear();
          this.list.set(this.list.data.filter((s) => s.id !== id));
        });
        await this.reload();
        return true;
      }),
      (e) => this.failed('the snapshot could not be deleted', e, false),
    ).finally(() => runInAction(() => (this.busy = false)));
  }

  /** EXP-042: sets an audience's current confidence in the loaded snapshot (null clears it). */
  setConfidence(subMarketId: number, value: number | null): Settled<boolean> {
    const snap = this.active;
    if (!snap) return Promise.resolve(false);
    return settle(
      this.api
        .call(
          E.updateConfidence,
          { body: { snapshots_sub_market: { snapshot_id: snap.id, sub_market_id: subMarketId, current_confidence: value } } },
          { silent: true },
        )
        .then((r) => {
          runInAction(() => {
            if (this.active?.id !== snap.id) return;
            const rows = this.active.snapshots_sub_markets.filter((x) => x.sub_market_id !== subMarketId);
            this.active = { ...this.active, snapshots_sub_markets: [...rows, r.data] };
          });
          return true;
        }),
      (e) => this.failed('the confidence could not be saved', e, false),
    );
  }

  /** EXP-044 / GROW-075: an audience of the chart changed, so the loaded snapshot's rows may have gone with it. */
  refreshActive(): Settled<boolean> {
    return this.active ? this.load(this.active.id) : Promise.resolve(false);
  }

  private failed<F>(message: string, e: unknown, value: F): F {
    if (!isAbortError(e)) this.log(message, e);
    return value;
  }
}
