import { segmentsEndpoints, visibleLevels, type TabConfigEntry } from '@discovery/insights-kit';
import { discussionNodeEndpoints, selectableNodes, type DiscussionClusterNodeDto } from '@discovery/plugin-discussions/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { ApiError, type ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  builderIssues,
  defaultName,
  itemNameError,
  journeyEndpoints as E,
  journeyNameError,
  MAX_BRANDS,
  MAX_STAGES,
  MESSAGE_MS,
  nextNewId,
  reindex,
  type BuilderIssue,
  type JourneyDto,
  type JourneyInput,
  type JourneyMessageKey,
  type StageIcon,
} from '../../common';

/** A brand row of the builder: saved (id) or new (new_id, JRN-041). */
export interface DraftBrand {
  key: string;
  id: number | null;
  new_id: number | null;
  name: string;
}

/** A stage column of the builder. */
export interface DraftStage {
  key: string;
  id: number | null;
  new_id: number | null;
  name: string;
  icon: StageIcon;
}

/** One cell per brand and stage (001 §3 journey sub-market). */
export interface DraftCell {
  brandKey: string;
  stageKey: string;
  id: number | null;
  population: number;
  matched_id: string | null;
  modeled_id: string | null;
  discussion_cluster_node_id: number | null;
}

export interface JourneyDraft {
  name: string;
  default: boolean;
  has_transition_data: boolean;
  brands: DraftBrand[];
  stages: DraftStage[];
  cells: DraftCell[];
}

export type CellValues = Pick<DraftCell, 'population' | 'matched_id' | 'modeled_id' | 'discussion_cluster_node_id'>;

const EMPTY_CELL: CellValues = { population: 0, matched_id: null, modeled_id: null, discussion_cluster_node_id: null };

const keyOf = (kind: 'b' | 's', id: number | null, newId: number | null) => (id !== null ? `${kind}${id}` : `${kind}n${newId}`);

function move<T>(xs: readonly T[], from: number, to: number): T[] {
  const out = [...xs];
  if (to < 0 || to >= out.length || from === to) return out;
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/**
 * The journey builder's state machine (001 §2.4, §4.2): the draft journey, its brands (rows) by
 * stages (columns) with one cell each, the controls' visibility rules (JRN-035..038), add, move and
 * delete (JRN-039/040), temporary ids and default names (JRN-041/042), unsaved changes (JRN-049)
 * and the names the user has left (for the blur messages, JRN-047/048). Validation and the saved
 * payload are the shared rules of ../../common.
 */
export class JourneyBuilderStore {
  draft: JourneyDraft;
  /** The draft as it was opened: 'unsaved changes' compares against it. */
  private readonly initial: string;
  /** Names whose field lost focus at least once: their messages show (JRN-047/048). */
  touched = new Set<string>();
  /** The cell whose mapping pane is open. */
  editing: { brandKey: string; stageKey: string } | null = null;

  saving = false;
  /** The server's 422 messages by field path ('name', 'brands.0.name'). */
  serverErrors: Record<string, string> = {};
  /** The product's other journeys: the name must differ from theirs (JRN-045). */
  others: readonly { id: number; name: string }[] = [];
  /** JRN-056: the cells' segment names by identifier. */
  segmentNames: Record<string, string> = {};
  /** JRN-054: the discussion nodes a cell may name (with clusters, by name). */
  nodes: DiscussionClusterNodeDto[] = [];
  /** JRN-053: the journey's tab configuration shows Person Level (else the audience section is hidden). */
  personLevel = true;

  constructor(
    draft: JourneyDraft,
    /** The journey's saved id (null for a new one). */
    readonly journeyId: number | null = null,
  ) {
    this.draft = draft;
    this.initial = JSON.stringify(draft);
    makeAutoObservable<JourneyBuilderStore, 'initial'>(this, { initial: false, journeyId: false });
  }

  /** An existing journey opened for edit: brands by order, stages by priority, its cells. */
  static fromJourney(j: JourneyDto): JourneyBuilderStore {
    const brands = [...j.brands].sort((a, b) => a.order - b.order).map((b) => ({ key: keyOf('b', b.id, null), id: b.id, new_id: null, name: b.name }));
    const stages = [...j.stages]
      .sort((a, b) => a.priority - b.priority)
      .map((s) => ({ key: keyOf('s', s.id, null), id: s.id, new_id: null, name: s.name, icon: s.icon }));
    const cells: DraftCell[] = [];
    // One cell per brand × stage, whether or not the server had a row for it.
    for (const b of brands)
      for (const s of stages) {
        const c = j.sub_markets.find((x) => x.journey_brand_id === b.id && x.journey_stage_id === s.id);
        cells.push({
          brandKey: b.key,
          stageKey: s.key,
          id: c?.id ?? null,
          population: c?.population ?? 0,
          matched_id: c?.matched_id ?? null,
          modeled_id: c?.modeled_id ?? null,
          discussion_cluster_node_id: c?.discussion_cluster_node_id ?? null,
        });
      }
    return new JourneyBuilderStore({ name: j.name, default: j.default, has_transition_data: j.has_transition_data, brands, stages, cells }, j.id);
  }

  setOthers(list: readonly { id: number; name: string }[]): void {
    this.others = list;
  }

  /**
   * What the builder shows around the draft: the product's other journeys (JRN-045), the discussion
   * nodes (JRN-054: fetched while a journey is under edit; none when the call fails), the mapped
   * segments' names (JRN-056) and, for a saved journey, its tab configuration (JRN-053).
   */
  async loadContext(api: ApiClient, listOfJourneys: () => Promise<readonly { id: number; name: string }[]>): Promise<void> {
    const ids = [...new Set(this.draft.cells.flatMap((c) => [c.matched_id, c.modeled_id]).filter((x): x is string => !!x))];
    const [others, nodes, segments, config] = await Promise.all([
      listOfJourneys().catch(() => []),
      api
        .call(discussionNodeEndpoints.list, {}, { silent: true })
        .then((r) => selectableNodes(r.data))
        .catch(() => [] as DiscussionClusterNodeDto[]),
      ids.length
        ? api
            .call(segmentsEndpoints.byIdentifiers, { body: { identifiers: ids } }, { silent: true })
            .then((r) => r.data)
            .catch(() => [])
        : Promise.resolve([]),
      this.journeyId === null
        ? Promise.resolve([] as TabConfigEntry[])
        : api
            .call(
              insightsEndpoints.tabsConfig,
              { query: { resource_id: this.journeyId, resource_type: 'Journey', insights_context: 'journey' } },
              { silent: true },
            )
            .catch(() => [] as TabConfigEntry[]),
    ]);
    runInAction(() => {
      this.others = others;
      this.nodes = nodes;
      for (const s of segments) this.segmentNames[s.identifier] = s.name;
      this.personLevel = visibleLevels(config).includes('person');
    });
  }

  /** A segment the picker chose: its name is known from then on. */
  nameSegment(identifier: string, name: string): void {
    this.segmentNames[identifier] = name;
  }

  // ---- validity (the shared rules, JRN-045..048) ----

  /** Every reason Save is disabled (JRN-046); empty when the journey can be saved. */
  get issues(): BuilderIssue[] {
    return builderIssues(this.draft, this.others, this.journeyId);
  }
  get valid(): boolean {
    return this.issues.length === 0;
  }
  get canSave(): boolean {
    return this.valid && !this.saving;
  }

  /** JRN-045: the name's message once its field was left (or the server's). */
  get nameError(): string | null {
    if (this.serverErrors.name) return this.serverErrors.name;
    return this.touched.has('name') ? journeyNameError(this.draft.name, this.others, this.journeyId) : null;
  }

  /** JRN-047 / JRN-048: a brand's or stage's name message once its field lost focus. */
  itemError(kind: 'brand' | 'stage', key: string): string | null {
    const list = kind === 'brand' ? this.draft.brands : this.draft.stages;
    const i = list.findIndex((x) => x.key === key);
    const server = this.serverErrors[`${kind}s.${i}.name`];
    if (server) return server;
    if (i < 0 || !this.touched.has(key)) return null;
    return itemNameError(
      list.map((x) => x.name),
      i,
      kind,
    );
  }

  // ---- saving ----

  /** JRN-044: the body of the save, brands' order and stages' priority 0..n as displayed; cells by id or new_id. */
  toInput(): JourneyInput {
    const d = this.draft;
    const brands = new Map(d.brands.map((b) => [b.key, b]));
    const stages = new Map(d.stages.map((s) => [s.key, s]));
    return {
      name: d.name,
      default: d.default,
      has_transition_data: d.has_transition_data,
      brands: reindex(
        d.brands.map((b) => (b.id !== null ? { id: b.id, name: b.name } : { new_id: b.new_id, name: b.name })),
        'order',
      ),
      stages: reindex(
        d.stages.map((s) => (s.id !== null ? { id: s.id, name: s.name, icon: s.icon } : { new_id: s.new_id, name: s.name, icon: s.icon })),
        'priority',
      ),
      sub_markets: d.cells.map((c) => {
        const b = brands.get(c.brandKey)!;
        const s = stages.get(c.stageKey)!;
        return {
          ...(c.id !== null ? { id: c.id } : {}),
          ...(b.id !== null ? { journey_brand_id: b.id } : { new_journey_brand_id: b.new_id }),
          ...(s.id !== null ? { journey_stage_id: s.id } : { new_journey_stage_id: s.new_id }),
          population: c.population,
          matched_id: c.matched_id,
          modeled_id: c.modeled_id,
          discussion_cluster_node_id: c.discussion_cluster_node_id,
        };
      }),
    };
  }

  /**
   * JRN-057..059: create or update (the body's `default` sets or clears the product's default,
   * JRN-058). Answers the saved journey's id; a 422 keeps the builder open with the server's
   * messages; another failure shows the spec's message for 5 s.
   */
  async save(
    api: ApiClient,
    toast: { show(intent: 'success' | 'error', message: string, opts: { timeout: number }): unknown },
    t: (key: JourneyMessageKey) => string,
  ): Promise<number | null> {
    if (!this.valid || this.saving) return null;
    this.saving = true;
    this.serverErrors = {};
    try {
      const body = { journey: this.toInput() };
      const res =
        this.journeyId === null
          ? await api.call(E.create, { body }, { silent: true })
          : await api.call(E.update, { params: { id: this.journeyId }, body }, { silent: true });
      toast.show('success', t('saved'), { timeout: MESSAGE_MS });
      return res.journey.id;
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.fields && Object.keys(e.fields).length > 0) {
        const fields = Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k.replace(/^journey\./, ''), v]));
        runInAction(() => (this.serverErrors = fields));
        return null;
      }
      toast.show('error', t('saveFailed'), { timeout: MESSAGE_MS });
      return null;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** JRN-032: empty name, transition data on, one brand named from the product, one stage. */
  static newJourney(productName: string): JourneyBuilderStore {
    const brand: DraftBrand = { key: keyOf('b', null, -1), id: null, new_id: nextNewId([]), name: productName };
    const stage: DraftStage = { key: keyOf('s', null, -1), id: null, new_id: nextNewId([]), name: defaultName('stage', []), icon: 'blank' };
    return new JourneyBuilderStore({
      name: '',
      default: false,
      has_transition_data: true,
      brands: [brand],
      stages: [stage],
      cells: [{ brandKey: brand.key, stageKey: stage.key, id: null, ...EMPTY_CELL }],
    });
  }

  get dirty(): boolean {
    return JSON.stringify(this.draft) !== this.initial;
  }

  // ---- visibility of the controls ----

  /** JRN-037: the add-stage controls go at 10 stages. */
  get canAddStage(): boolean {
    return this.draft.stages.length < MAX_STAGES;
  }
  /** JRN-038: 'Add Brand' while fewer than 4 brands. */
  get canAddBrand(): boolean {
    return this.draft.brands.length < MAX_BRANDS;
  }
  /** JRN-036: no delete on the only stage or brand. */
  get canDeleteStage(): boolean {
    return this.draft.stages.length > 1;
  }
  get canDeleteBrand(): boolean {
    return this.draft.brands.length > 1;
  }
  /** JRN-035: no move left on the first stage, no move right on the last (likewise up / down for brands). */
  canMoveStage(key: string, dir: -1 | 1): boolean {
    const i = this.draft.stages.findIndex((s) => s.key === key);
    return i >= 0 && i + dir >= 0 && i + dir < this.draft.stages.length;
  }
  canMoveBrand(key: string, dir: -1 | 1): boolean {
    const i = this.draft.brands.findIndex((b) => b.key === key);
    return i >= 0 && i + dir >= 0 && i + dir < this.draft.brands.length;
  }

  // ---- the journey's fields ----

  setName(name: string): void {
    this.draft.name = name;
    delete this.serverErrors.name;
  }
  setDefault(on: boolean): void {
    this.draft.default = on;
  }
  setTransitionData(on: boolean): void {
    this.draft.has_transition_data = on;
  }
  touch(field: string): void {
    this.touched.add(field);
  }

  // ---- brands ----

  /** JRN-039: appends a brand with one cell per stage. */
  addBrand(): DraftBrand | null {
    if (!this.canAddBrand) return null;
    const new_id = nextNewId(this.draft.brands.map((b) => b.new_id));
    const brand: DraftBrand = {
      key: keyOf('b', null, new_id),
      id: null,
      new_id,
      name: defaultName(
        'brand',
        this.draft.brands.map((b) => b.name),
      ),
    };
    this.draft.brands.push(brand);
    for (const s of this.draft.stages) this.draft.cells.push({ brandKey: brand.key, stageKey: s.key, id: null, ...EMPTY_CELL });
    return brand;
  }

  renameBrand(key: string, name: string): void {
    const b = this.draft.brands.find((x) => x.key === key);
    if (b) b.name = name;
  }

  moveBrand(key: string, dir: -1 | 1): void {
    const i = this.draft.brands.findIndex((b) => b.key === key);
    if (this.canMoveBrand(key, dir)) this.draft.brands = move(this.draft.brands, i, i + dir);
  }

  /** JRN-040: removes the brand and its cells (the page asks first). */
  deleteBrand(key: string): void {
    if (!this.canDeleteBrand) return;
    this.draft.brands = this.draft.brands.filter((b) => b.key !== key);
    this.draft.cells = this.draft.cells.filter((c) => c.brandKey !== key);
    if (this.editing?.brandKey === key) this.editing = null;
  }

  // ---- stages ----

  /** JRN-039: inserts a stage before or after another, with one cell per brand. */
  addStage(at: string, where: 'before' | 'after'): DraftStage | null {
    if (!this.canAddStage) return null;
    const i = this.draft.stages.findIndex((s) => s.key === at);
    if (i < 0) return null;
    const new_id = nextNewId(this.draft.stages.map((s) => s.new_id));
    const stage: DraftStage = {
      key: keyOf('s', null, new_id),
      id: null,
      new_id,
      name: defaultName(
        'stage',
        this.draft.stages.map((s) => s.name),
      ),
      icon: 'blank',
    };
    this.draft.stages.splice(where === 'before' ? i : i + 1, 0, stage);
    for (const b of this.draft.brands) this.draft.cells.push({ brandKey: b.key, stageKey: stage.key, id: null, ...EMPTY_CELL });
    return stage;
  }

  renameStage(key: string, name: string): void {
    const s = this.draft.stages.find((x) => x.key === key);
    if (s) s.name = name;
  }

  setIcon(key: string, icon: StageIcon): void {
    const s = this.draft.stages.find((x) => x.key === key);
    if (s) s.icon = icon;
  }

  moveStage(key: string, dir: -1 | 1): void {
    const i = this.draft.stages.findIndex((s) => s.key === key);
    if (this.canMoveStage(key, dir)) this.draft.stages = move(this.draft.stages, i, i + dir);
  }

  deleteStage(key: string): void {
    if (!this.canDeleteStage) return;
    this.draft.stages = this.draft.stages.filter((s) => s.key !== key);
    this.draft.cells = this.draft.cells.filter((c) => c.stageKey !== key);
    if (this.editing?.stageKey === key) this.editing = null;
  }

  // ---- cells ----

  cell(brandKey: string, stageKey: string): DraftCell | undefined {
    return this.draft.cells.find((c) => c.brandKey === brandKey && c.stageKey === stageKey);
  }

  openCell(brandKey: string, stageKey: string): void {
    this.editing = { brandKey, stageKey };
  }
  closeCell(): void {
    this.editing = null;
  }

  get editingCell(): DraftCell | undefined {
    return this.editing ? this.cell(this.editing.brandKey, this.editing.stageKey) : undefined;
  }

  /** JRN-051 / JRN-055: the mapping of a cell (either audience may be cleared with null). */
  updateCell(brandKey: string, stageKey: string, values: Partial<CellValues>): void {
    const c = this.cell(brandKey, stageKey);
    if (c) Object.assign(c, values);
  }
}
