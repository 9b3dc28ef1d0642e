import { segmentsEndpoints, type Rules, BUILDER_REFERERS, type AudienceDraft, type BuilderReferer } from '@discovery/insights-kit';
import { ApiError, Resource, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, observable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import { AudienceInput, audiencesEndpoints as E, ruleIds, type AudienceDto, type PeopleCount } from '../../common';

export type RuleSide = 'include' | 'exclude';

export interface SegmentInfo {
  identifier: string;
  name: string;
  path: string;
  matched: number;
  modeled: number;
  available: boolean;
  data_permissions: string[];
}

/** What the SegmentPicker hands over. */
export type PickedSegment = Omit<SegmentInfo, 'available' | 'data_permissions'> & { data_permissions?: string[] };

/** Why Save is disabled; the page shows the matching tooltip. */
export type SaveBlock = 'invalidSegments' | 'permission' | 'form' | 'saving' | null;

export const COUNT_DEBOUNCE_MS = 300;

/**
 * The audience builder: name, description, include groups (AND of OR groups) and exclude
 * groups, a live count that follows the rules (debounced, latest answer wins, typing a name
 * never waits for it), and the save rules shared with the server (AudienceInput).
 */
export class BuilderStore {
  name = '';
  description = '';
  include: string[][] = [[]];
  exclude: string[][] = [];
  audienceType: 'custom' | 'pve' = 'custom';
  referer: BuilderReferer | null = null;
  editingId: number | null = null;
  readonly segments = observable.map<string, SegmentInfo>();
  /** Opening a saved audience or a draft (its segments' names and counts); its failure is the page's to show. */
  readonly opening = new Resource<boolean>(false);
  /** The live count of the latest rules; an older count on its way is aborted. */
  readonly counter = new Resource<PeopleCount | null>(null);
  saving = false;
  /** Shows field messages once the user has left a field or tried to save. */
  touched = false;
  serverErrors: Record<string, string> = {};
  serverMessage: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(
    private readonly api: ApiClient,
    private readonly debounceMs = COUNT_DEBOUNCE_MS,
  ) {
    makeAutoObservable<BuilderStore, 'api' | 'timer' | 'running' | 'debounceMs'>(this, {
      api: false,
      timer: false,
      running: false,
      debounceMs: false,
      opening: false,
      counter: false,
    });
  }

  get count(): PeopleCount | null {
    return this.counter.data;
  }
  get counting(): boolean {
    return this.counter.loading;
  }
  get countError(): Error | null {
    return this.counter.error;
  }

  /** Starts counting whenever the rules change; returns the stop function (a page effect's cleanup). */
  start(): () => void {
    this.running = true;
    const stop: IReactionDisposer = reaction(
      () => JSON.stringify(this.rules),
      () => this.scheduleCount(),
    );
    return () => {
      this.running = false;
      stop();
      if (this.timer) clearTimeout(this.timer);
      this.counter.abort();
      this.opening.abort();
    };
  }

  /** Edit a saved audience: fetch it, then open it. */
  openSaved(id: string | number): Settled<unknown> {
    return this.opening.load(async (signal) => {
      const r = await this.api.call(E.get, { params: { id } }, { silent: true, signal });
      await this.fill(r.data, signal);
      return true;
    });
  }

  /** Pre-fills from a draft another feature handed over (or starts empty). */
  open(from: AudienceDraft | AudienceDto | null): Settled<unknown> {
    return this.opening.load(async (signal) => {
      await this.fill(from, signal);
      return true;
    });
  }

  private async fill(from: AudienceDraft | AudienceDto | null, signal: AbortSignal): Promise<void> {
    if (from) {
      this.name = from.name;
      this.description = from.description ?? '';
      const groups = (side?: { and: { or: string[] }[] }) => (side?.and ?? []).map((g) => [...g.or]);
      this.include = groups(from.rules.include);
      if (this.include.length === 0) this.include = [[]];
      this.exclude = groups(from.rules.exclude);
      if ('id' in from) {
        this.editingId = from.id;
        this.audienceType = from.audience_type;
      }
    }
    await this.resolve(ruleIds(this.rules), signal);
    this.scheduleCount(0);
  }

  /** Names, paths, counts and permissions of segments the page has not seen yet. */
  private async resolve(ids: string[], signal: AbortSignal): Promise<void> {
    const missing = ids.filter((id) => !this.segments.has(id));
    if (!missing.length) return;
    const res = await this.api.call(segmentsEndpoints.byIdentifiers, { body: { identifiers: missing } }, { silent: true, signal });
    runInAction(() => {
      for (const s of res.data) {
        this.segments.set(s.identifier, {
          identifier: s.identifier,
          name: s.name,
          path: s.path,
          matched: s.count?.matched ?? 0,
          modeled: s.count?.modeled ?? 0,
          available: s.available,
          data_permissions: s.data_permissions ?? [],
        });
      }
    });
  }

  /** SHELL-023: where the draft came from (referer) and set_hierarchy=pve_product_category (an Optimized Audience). */
  setOrigin(referer: string | null, setHierarchy: string | null): void {
    this.referer = (BUILDER_REFERERS as readonly string[]).includes(referer ?? '') ? (referer as BuilderReferer) : null;
    if (setHierarchy === 'pve_product_category') this.audienceType = 'pve';
  }

  setName(v: string): void {
    this.name = v;
    delete this.serverErrors['audience.name'];
  }
  setDescription(v: string): void {
    this.description = v;
  }
  touch(): void {
    this.touched = true;
  }

  private groups(side: RuleSide): string[][] {
    return side === 'include' ? this.include : this.exclude;
  }

  /** Adds picked segments to an OR group (a new group when `group` is the groups' length). */
  addSegments(side: RuleSide, group: number, picked: PickedSegment[]): void {
    const list = this.groups(side);
    if (group >= list.length) list.push([]);
    for (const s of picked) {
      if (!this.segments.has(s.identifier)) this.segments.set(s.identifier, { ...s, available: true, data_permissions: s.data_permissions ?? [] });
      if (!list[group].includes(s.identifier)) list[group].push(s.identifier);
    }
  }

  removeSegment(side: RuleSide, group: number, id: string): void {
    const list = this.groups(side);
    list[group] = list[group].filter((x) => x !== id);
    if (list[group].length === 0 && !(side === 'include' && list.length === 1)) list.splice(group, 1);
  }

  addGroup(side: RuleSide): void {
    this.groups(side).push([]);
  }

  removeGroup(side: RuleSide, group: number): void {
    const list = this.groups(side);
    list.splice(group, 1);
    if (side === 'include' && list.length === 0) list.push([]);
  }

  get rules(): Rules {
    return { include: { and: this.include.map((or) => ({ or: [...or] })) }, exclude: { and: this.exclude.map((or) => ({ or: [...or] })) } };
  }

  get hasSegments(): boolean {
    return this.include.some((g) => g.length > 0);
  }

  /** Segments the population no longer has (e.g. in a draft): they must be removed first. */
  get invalidIds(): string[] {
    return ruleIds(this.rules).filter((id) => this.segments.get(id)?.available === false);
  }

  /** Segments that may not seed an audience (SHELL-072, create_audience_single). */
  get forbiddenIds(): string[] {
    return ruleIds(this.rules).filter((id) => {
      const s = this.segments.get(id);
      return s !== undefined && s.available && !s.data_permissions.includes('create_audience_single');
    });
  }

  /** The shared schema's messages, keyed like the server's (audience.name, audience.rules). */
  get fieldErrors(): Record<string, string> {
    const r = AudienceInput.safeParse({ name: this.name, description: this.description, rules: this.rules, audience_type: this.audienceType });
    const out: Record<string, string> = {};
    if (!r.success) for (const i of r.error.issues) out[`audience.${String(i.path[0])}`] ??= i.message;
    return { ...out, ...this.serverErrors };
  }

  get saveBlock(): SaveBlock {
    if (this.saving) return 'saving';
    if (this.invalidIds.length) return 'invalidSegments';
    if (this.forbiddenIds.length) return 'permission';
    if (Object.keys(this.fieldErrors).length) return 'form';
    return null;
  }

  get isZeroCount(): boolean {
    return this.hasSegments && this.count !== null && (this.count.people.region ?? this.count.people.global) === 0;
  }

  private scheduleCount(delay = this.debounceMs): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refreshCount(), delay);
  }

  /** Counts the current rules; the count of older rules on its way is aborted and its answer dropped. */
  refreshCount(): Settled<unknown> {
    if (!this.hasSegments || this.invalidIds.length) {
      this.counter.reset();
      return Promise.resolve();
    }
    const rules = this.rules;
    return this.counter.load(async (signal) => (await this.api.call(E.count, { body: { rules } }, { silent: true, signal })).data);
  }

  /**
   * Saves (POST, or PUT when editing); 422 field messages land on their fields, any other failure
   * is the banner's (the call is not silent). Resolves to the saved audience, or null.
   */
  save(): Settled<AudienceDto | null> {
    return settle(this.submit(), () => null);
  }

  private async submit(): Promise<AudienceDto | null> {
    this.touched = true;
    if (this.saveBlock) return null;
    this.saving = true;
    this.serverMessage = null;
    const audience = { name: this.name, description: this.description, rules: this.rules, audience_type: this.audienceType, referer: this.referer };
    try {
      const res = this.editingId
        ? await this.api.call(E.update, { params: { id: this.editingId }, body: { audience } })
        : await this.api.call(E.create, { body: { audience } });
      return res.data;
    } catch (e) {
      runInAction(() => {
        if (e instanceof ApiError && (e.status === 422 || e.status === 409)) {
          this.serverErrors = e.fields ?? {};
          this.serverMessage = e.message;
        }
      });
      return null;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
