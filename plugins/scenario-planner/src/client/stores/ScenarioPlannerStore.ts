import { createToken } from '@discovery/plugin-api';
import { ApiError, errorMessageKey, Resource, settle, type ApiClient, type Settled, type ToastStore } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  applyNeedsConfirmation,
  canAddSet,
  COST_METHODS,
  type CURVE_NUMBER_PARAMS,
  CURVE_SNACKBAR_MS,
  curveFieldErrors,
  curveIsTrp,
  IMPORT_POLL_MS,
  importStatus,
  initialCurveMode,
  ImportBodySchema,
  readyToApply,
  scenarioPlannerEndpoints as E,
  sortImports,
  type CostMethod,
  type CurveDto,
  type CurveField,
  type CurveInput,
  type CurveMode,
  type CurveTypesDto,
  type PlanImportDto,
  type ScnMessageKey,
} from '../../common';

export const ScenarioPlannerStoreToken = createToken<ScenarioPlannerStore>('scenario-planner:ScenarioPlannerStore');

/** An uploaded curve as the table edits it: parameters as typed text. */
export interface CurveRow {
  key: string;
  id: number | null;
  media_type: string;
  curve_type_name: string;
  params: Record<(typeof CURVE_NUMBER_PARAMS)[number], string> & { CppOrCpm: CostMethod; CPP: string };
  /** The server's messages from the last Apply (SCN-028), as it wrote them. */
  serverErrors: string[];
}

/** SCN-029: which call failed, as the combined notification lists it. */
export type FetchSource = 'generic_curves' | 'curves' | 'curveTypes' | 'create_curves';

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function rowOf(c: CurveDto): CurveRow {
  return {
    key: `saved-${c.id}`,
    id: c.id,
    media_type: c.media_type,
    curve_type_name: c.curve_type_name,
    params: {
      Base: str(c.params.Base),
      Slope: str(c.params.Slope),
      Acceleration: str(c.params.Acceleration),
      Asymptote: str(c.params.Asymptote),
      Asymmetry: str(c.params.Asymmetry),
      CppOrCpm: c.params.CppOrCpm,
      CPP: str(c.params.CPP),
    },
    serverErrors: [],
  };
}

/** A row as the rules and the create_curves body read it. */
export function inputOf(r: CurveRow, types: CurveTypesDto | null): CurveInput {
  const trp = curveIsTrp({ curve_type_name: r.curve_type_name }, types);
  return {
    ...(r.id ? { id: r.id } : {}),
    key: r.key,
    media_type: r.media_type,
    curve_type_name: r.curve_type_name,
    is_generic: false,
    isTRP: trp,
    params: { ...r.params, CPP: trp ? r.params.CPP : null },
  };
}

let nextKey = 1;

/**
 * Scenario Planner Management (002 §2.7, SCN-003..029): the product's plan imports (polled while
 * one is submitted) and its response curves, generic picks or uploaded rows, never both.
 */
export class ScenarioPlannerStore {
  productId: number | null = null;
  /** The product's plan imports; a failed read keeps the list it had (the next poll tries again). */
  readonly importList = new Resource<PlanImportDto[]>([]);
  projectId = '';
  projectIdTouched = false;
  importing = false;

  types: CurveTypesDto | null = null;
  catalogue: CurveDto[] = [];
  saved: CurveDto[] = [];
  /** The three curve calls of the product; another product's on their way are aborted. */
  private readonly curveCalls = new Resource<boolean>(false);
  mode: CurveMode = 'upload';
  selectedMediaTypes: string[] = [];
  rows: CurveRow[] = [];
  applying = false;
  /** SCN-020: shown on the list after a failed delete. */
  listError: string | null = null;
  /** SCN-029: failed calls for the 'Unable to Import' notification. */
  fetchErrors: { source: FetchSource; message: string }[] = [];

  private pollTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly toasts: ToastStore,
    private readonly t: (key: string, options?: Record<string, unknown>) => string,
  ) {
    makeAutoObservable<ScenarioPlannerStore, 'api' | 'toasts' | 't' | 'pollTimer' | 'curveCalls'>(this, {
      api: false,
      toasts: false,
      t: false,
      pollTimer: false,
      importList: false,
      curveCalls: false,
    });
  }

  // ---- plan imports ----

  get imports(): PlanImportDto[] {
    return this.importList.data;
  }

  get loadingImports(): boolean {
    return this.importList.loading;
  }

  get loadingCurves(): boolean {
    return this.curveCalls.loading;
  }

  get sortedImports(): PlanImportDto[] {
    return sortImports(this.imports);
  }

  /**
   * SCN-004: what is wrong with the Project ID: the rule's message key (an empty ID), or the
   * shared schema's own text for the other limits (length, control characters).
   */
  get projectIdError(): { key: ScnMessageKey } | { text: string } | null {
    if (!this.projectIdTouched) return null;
    const r = ImportBodySchema.safeParse({ sp_plan_id: this.projectId });
    if (r.success) return null;
    const issue = r.error.issues[0];
    return issue && issue.code !== 'too_small' ? { text: issue.message } : { key: 'projectIdRequired' };
  }

  /** SCN-003: Import is disabled while the field is empty. */
  get canImport(): boolean {
    return this.projectId.trim().length > 0 && !this.importing;
  }

  setProjectId(v: string) {
    this.projectId = v;
    this.projectIdTouched = true;
  }

  loadImports(): Settled<unknown> {
    return this.importList
      .load(async (signal) => (await this.api.call(E.statusImport, undefined, { silent: true, signal })).data)
      .finally(() => this.schedulePoll());
  }

  /** SCN-009 DESIGN (issue 27 §6: every 2 s, IMPORT_POLL_MS): while any import is submitted, read the list again. */
  private schedulePoll() {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    if (this.productId === null || !this.imports.some((i) => importStatus(i) === 'submitted')) return;
    this.pollTimer = setTimeout(() => this.loadImports(), IMPORT_POLL_MS);
  }

  /** SCN-005 / SCN-011. Never rejects: a failure is the toast. */
  submitImport(): Settled<boolean> {
    return settle(this.importScenario(), () => false);
  }

  private async importScenario(): Promise<boolean> {
    // A second Enter while the first import is on its way sends nothing (no duplicate record).
    if (this.importing) return false;
    this.projectIdTouched = true;
    const parsed = ImportBodySchema.safeParse({ sp_plan_id: this.projectId });
    if (!parsed.success) return false;
    this.importing = true;
    try {
      const r = await this.api.call(E.importScenario, { body: parsed.data }, { silent: true });
      runInAction(() => {
        this.importList.set([r.data, ...this.imports.filter((i) => i.id !== r.data.id)]);
        this.projectId = '';
        this.projectIdTouched = false;
      });
      // SCN-011: a message inside a successful answer is shown.
      if (r.data.message) this.toasts.info(r.data.message);
      this.schedulePoll();
      return true;
    } catch (e) {
      this.toasts.error(importErrorText(e, this.t));
      return false;
    } finally {
      runInAction(() => (this.importing = false));
    }
  }

  /** SCN-010. Never rejects: a failure is the toast. */
  deleteImport(id: number): Settled<boolean> {
    return settle(this.removeImport(id), () => false);
  }

  private async removeImport(id: number): Promise<boolean> {
    try {
      await this.api.call(E.deleteImport, { params: { importId: id } }, { silent: true });
      this.importList.set(this.imports.filter((i) => i.id !== id));
      this.toasts.show('success', this.t('messages.planDeleted'), { timeout: CURVE_SNACKBAR_MS });
      return true;
    } catch (e) {
      this.toasts.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  }

  // ---- curves ----

  load(productId: number): Settled<unknown> {
    if (this.productId !== productId) {
      this.importList.reset();
      this.curveCalls.reset();
      this.saved = [];
      this.rows = [];
      this.catalogue = [];
      this.selectedMediaTypes = [];
      this.fetchErrors = [];
      this.listError = null;
    }
    this.productId = productId;
    return Promise.all([this.loadImports(), this.loadCurves()]);
  }

  /** Stops the re-poll and the calls on their way when the page goes. */
  dispose() {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    this.productId = null;
    this.importList.abort();
    this.curveCalls.abort();
  }

  /** SCN-029: the failed call and what went wrong, in the user's words (the error's code). */
  private record(source: FetchSource, e: unknown) {
    this.fetchErrors = [...this.fetchErrors.filter((f) => f.source !== source), { source, message: this.t(`core:${errorMessageKey(e)}`) }];
  }

  dismissFetchErrors() {
    this.fetchErrors = [];
  }

  /** SCN-029: each of the three calls on its own; a failed one is listed in the notification, the others still land. */
  loadCurves(): Settled<unknown> {
    const productId = this.productId;
    if (productId === null) return Promise.resolve();
    const params = { productId };
    return this.curveCalls.load(async (signal) => {
      const each = <T>(source: FetchSource, p: Promise<T>) =>
        p.then(
          (v) => v,
          (e: unknown) => {
            if (!signal.aborted) runInAction(() => this.record(source, e));
            return null;
          },
        );
      const [types, generic, curves] = await Promise.all([
        each('curveTypes', this.api.call(E.curveTypes, { params }, { silent: true, signal })),
        each('generic_curves', this.api.call(E.genericCurves, { params }, { silent: true, signal })),
        each('curves', this.api.call(E.curves, { params }, { silent: true, signal })),
      ]);
      // Still the latest call (a newer product's would have aborted this one).
      if (signal.aborted) return false;
      runInAction(() => {
        if (types) this.types = types;
        if (generic) this.catalogue = generic.data;
        if (curves) this.setSaved(curves.data);
      });
      return true;
    });
  }

  private setSaved(list: CurveDto[]) {
    this.saved = list;
    // SCN-013
    this.mode = initialCurveMode(list);
    this.selectedMediaTypes = list.filter((c) => c.is_generic).map((c) => c.media_type);
    this.rows = list.filter((c) => !c.is_generic).map(rowOf);
  }

  /** SCN-012: the two checkboxes exclude each other. */
  setMode(mode: CurveMode) {
    this.mode = mode;
  }

  /** SCN-014 */
  toggleMediaType(media: string) {
    this.selectedMediaTypes = this.selectedMediaTypes.includes(media)
      ? this.selectedMediaTypes.filter((m) => m !== media)
      : [...this.selectedMediaTypes, media];
  }

  get inputs(): CurveInput[] {
    return this.rows.map((r) => inputOf(r, this.types));
  }

  rowErrors(r: CurveRow): Partial<Record<CurveField, ScnMessageKey>> {
    return curveFieldErrors(inputOf(r, this.types), this.types);
  }

  rowIsTrp(r: CurveRow): boolean {
    return curveIsTrp({ curve_type_name: r.curve_type_name }, this.types);
  }

  /** SCN-018 */
  get canAddSet(): boolean {
    return canAddSet(this.inputs, this.types);
  }

  /** SCN-025 */
  get ready(): boolean {
    return !this.applying && readyToApply(this.mode, this.inputs, this.selectedMediaTypes, this.types);
  }

  /** SCN-026 DESIGN: ask only when the other set has saved curves. */
  get needsConfirmation(): boolean {
    return applyNeedsConfirmation(this.mode, this.saved);
  }

  addRow() {
    this.rows = [
      ...this.rows,
      {
        key: `new-${nextKey++}`,
        id: null,
        media_type: '',
        curve_type_name: '',
        params: { Base: '', Slope: '', Acceleration: '', Asymptote: '', Asymmetry: '', CppOrCpm: COST_METHODS.CPM, CPP: '' },
        serverErrors: [],
      },
    ];
  }

  updateRow(key: string, patch: Partial<Omit<CurveRow, 'params'>> & { params?: Partial<CurveRow['params']> }) {
    this.rows = this.rows.map((r) => (r.key === key ? { ...r, ...patch, params: { ...r.params, ...patch.params }, serverErrors: [] } : r));
  }

  /** SCN-019 / SCN-020: an unsaved row goes locally; a saved one is deleted on the server. */
  async removeRow(row: CurveRow): Promise<boolean> {
    if (row.id === null) {
      this.rows = this.rows.filter((r) => r.key !== row.key);
      return true;
    }
    const productId = this.productId;
    if (productId === null) return false;
    this.listError = null;
    try {
      await this.api.call(E.deleteCurve, { params: { productId, id: row.id } }, { silent: true });
      runInAction(() => {
        this.rows = this.rows.filter((r) => r.key !== row.key);
        this.saved = this.saved.filter((c) => c.id !== row.id);
      });
      this.toasts.show('success', this.t('messages.curveDeleted'), { timeout: CURVE_SNACKBAR_MS });
      return true;
    } catch {
      runInAction(() => (this.listError = this.t('messages.curveDeleteFailed')));
      return false;
    }
  }

  /** SCN-027 / SCN-028: save the current mode's set. Never rejects: a failure is the notification (SCN-029). */
  apply(): Settled<boolean> {
    return settle(this.saveCurves(), () => false);
  }

  private async saveCurves(): Promise<boolean> {
    const productId = this.productId;
    if (productId === null || !this.ready) return false;
    const body: CurveInput[] =
      this.mode === 'generic'
        ? this.catalogue
            .filter((c) => this.selectedMediaTypes.includes(c.media_type))
            .map((c) => ({ id: null, media_type: c.media_type, curve_type_name: c.curve_type_name, is_generic: true, isTRP: c.isTRP, params: { ...c.params } }))
        : this.inputs;
    this.applying = true;
    try {
      const r = await this.api.call(E.createCurves, { params: { productId }, body }, { silent: true });
      const failed = Object.keys(r.error_messages);
      const curves = await this.api.call(E.curves, { params: { productId } }, { silent: true });
      runInAction(() => {
        const mode = this.mode;
        const unsaved = this.rows.filter((row) => failed.includes(row.key));
        this.setSaved(curves.data);
        // The planner stays in the mode they applied; rows the server refused stay, with its messages.
        this.mode = mode;
        if (mode === 'upload') this.rows = [...this.rows, ...unsaved.map((row) => ({ ...row, serverErrors: r.error_messages[row.key] ?? [] }))];
      });
      if (failed.length) this.toasts.show('error', this.t('messages.someCurvesNotSaved'), { timeout: CURVE_SNACKBAR_MS });
      else this.toasts.show('success', this.t('messages.curvesSaved'), { timeout: CURVE_SNACKBAR_MS });
      return failed.length === 0;
    } catch (e) {
      runInAction(() => this.record('create_curves', e));
      return false;
    } finally {
      runInAction(() => (this.applying = false));
    }
  }
}

/** SCN-011: with an HTTP status its message and error; without one 'Network Error. Try Again Later'. */
export function importErrorText(e: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (e instanceof ApiError && e.status > 0) return t('imports.failedWithStatus', { status: e.status, message: e.message });
  return t('messages.networkError');
}
