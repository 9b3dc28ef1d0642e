import { MARKET_LEVEL_CHANGED } from '@discovery/insights-kit/common';
import { chosenFileError, createToken, endpointUrl, type EndpointSpec } from '@discovery/plugin-api';
import { ApiError, saveBlob, type ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  NOTICE_MS,
  SURVEY_TEMPLATES,
  SURVEY_TYPES,
  surveyApiType,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  uploadsEndpoints as E,
  WIDGET_TEMPLATES,
  type SurveyKey,
  type TemplateSpec,
  type UploadErrorDto,
  type UploadJobDto,
  type UploadResultDto,
  type UploadScreen,
} from '../../common';

export interface UploadServices {
  api: ApiClient;
  toast: { show(intent: 'success' | 'error', message: string, opts?: { timeout?: number }): unknown };
  /** UPL-007: after a successful upload, the lists that show its data load again (the Insights panel's Market Level). */
  changed?: (topic: string) => void;
  /** How often a queued upload's job is asked for its progress (ms; default 1000). */
  pollMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** A newer choice (or a cleared screen) took over while a queued upload was followed. */
class Superseded extends Error {}

export { MARKET_LEVEL_CHANGED };

/**
 * One upload screen (002 §2.4, §2.6; UPL-004..010, UPL-012..015, UPL-033..036): the type (surveys:
 * surveyType), the template download, the chosen file (checked before it is sent: .xls, size),
 * the upload with its loading state, the results and the row errors, and the notices.
 */
export class UploadStore {
  surveyKey: SurveyKey = 'region';
  fileName: string | null = null;
  fileError: string | null = null;
  busy = false;
  result: UploadResultDto | null = null;
  errors: UploadErrorDto[] = [];
  errorsOpen = true;
  resultsOpen = true;
  /** A large file's core job while it runs: its progress (0..1) and what it is doing. */
  job: { progress: number; text: string | null } | null = null;
  private context: string | null = null;
  private run = 0;

  constructor(
    readonly screen: UploadScreen,
    private readonly s: UploadServices,
  ) {
    makeAutoObservable<UploadStore, 's' | 'context' | 'run'>(this, { s: false, context: false, screen: false, run: false });
  }

  /** The template of the screen (and survey type). */
  get spec(): TemplateSpec {
    return this.screen === 'surveys' ? SURVEY_TEMPLATES[surveyApiType(this.surveyKey)] : WIDGET_TEMPLATES[this.screen];
  }

  get notices() {
    return NOTICE_MS[this.screen];
  }

  /** UPL-004: results and errors go when the type or the hierarchy changes. */
  clear(): void {
    this.run++;
    this.job = null;
    this.result = null;
    this.errors = [];
    this.fileName = null;
    this.fileError = null;
  }

  /** UPL-012: the surveyType query parameter, default region (an unknown value reads as region). */
  setSurveyType(value: string | null): void {
    const key = (SURVEY_TYPES.find((t) => t.key === value)?.key ?? 'region') as SurveyKey;
    if (key !== this.surveyKey) this.clear();
    this.surveyKey = key;
  }

  /** UPL-004: a new client or region clears what the last one showed. */
  setContext(slug: string): void {
    if (this.context !== null && this.context !== slug) this.clear();
    this.context = slug;
  }

  toggleErrors(): void {
    this.errorsOpen = !this.errorsOpen;
  }
  toggleResults(): void {
    this.resultsOpen = !this.resultsOpen;
  }

  private get endpoints(): { template: EndpointSpec; upload: EndpointSpec; params?: Record<string, string> } {
    if (this.screen === 'surveys') return { template: E.surveyTemplate, upload: E.surveyUpload, params: { type: surveyApiType(this.surveyKey) } };
    if (this.screen === 'mekkos') return { template: E.mekkosTemplate, upload: E.mekkosUpload };
    if (this.screen === 'personas') return { template: E.personasTemplate, upload: E.personasUpload };
    return { template: E.journeysTemplate, upload: E.journeysUpload };
  }

  /** UPL-014 / UPL-034: the template, named as the spec names it. */
  async downloadTemplate(): Promise<void> {
    const { template, params } = this.endpoints;
    try {
      const res = await this.s.api.request<Response>(template.method, endpointUrl(template, params), undefined, { silent: true, raw: true });
      saveBlob(await res.blob(), this.spec.file);
    } catch (e) {
      this.s.toast.show('error', e instanceof Error ? e.message : String(e), { timeout: this.notices.failure });
    }
  }

  /**
   * UPL-003 / UPL-005: a chosen file is checked (.xls, the size limit: refused here, before it is
   * sent) and uploaded at once as multipart with the part `template`. UPL-006 / UPL-008: success
   * shows the updated list, the row errors and 'Upload Complete'; UPL-009: a failure the server's
   * message (5 s on surveys, 6 s elsewhere; 'Upload Complete' 6 s on personas) and its row errors. Never rejects.
   */
  async choose(file: File | null): Promise<boolean> {
    this.clear();
    if (!file) return false;
    this.fileName = file.name;
    const refused = chosenFileError(file, UPLOAD_MAX_BYTES);
    if (refused) {
      this.fileError = refused;
      return false;
    }
    const { upload, params } = this.endpoints;
    const form = new FormData();
    form.append('template', file, file.name);
    this.busy = true;
    const run = this.run;
    try {
      let res = await this.s.api.request<UploadResultDto>(upload.method, endpointUrl(upload, params), form, { silent: true });
      if (res.job) res = await this.follow(res.job.id, run);
      runInAction(() => {
        this.result = res;
        this.errors = res.errors ?? [];
        this.errorsOpen = true;
        this.resultsOpen = true;
      });
      this.s.toast.show('success', UPLOAD_MESSAGES.uploadComplete, { timeout: this.notices.success });
      this.s.changed?.(MARKET_LEVEL_CHANGED);
      return true;
    } catch (e) {
      if (e instanceof Superseded) return false;
      // The refusal's row errors ride beside its message (422: `errors`); a refused file has none.
      const body = e instanceof ApiError ? (e.body as { errors?: UploadErrorDto[] } | undefined) : undefined;
      runInAction(() => {
        this.errors = body?.errors ?? [];
        this.errorsOpen = true;
        this.fileError = e instanceof Error ? e.message : String(e);
      });
      this.s.toast.show('error', e instanceof Error ? e.message : String(e), { timeout: this.notices.failure });
      return false;
    } finally {
      runInAction(() => {
        if (run !== this.run) return;
        this.busy = false;
        this.job = null;
      });
    }
  }

  /**
   * A file above the configured size is applied by a core job (202): its progress is shown until it
   * ends, then its answer is the upload's (a file refused whole comes back as the same 422 refusal).
   */
  private async follow(id: number, run: number): Promise<UploadResultDto> {
    runInAction(() => (this.job = { progress: 0, text: null }));
    for (;;) {
      await wait(this.s.pollMs ?? 1000);
      if (run !== this.run) throw new Superseded();
      const { data } = await this.s.api.request<{ data: UploadJobDto }>(E.job.method, endpointUrl(E.job, { id: String(id) }), undefined, { silent: true });
      if (run !== this.run) throw new Superseded();
      runInAction(() => (this.job = { progress: data.progress, text: data.progressText }));
      if (data.state === 'completed' && data.result) return data.result;
      if (data.state === 'completed' && data.refused) throw new ApiError(422, data.refused.message, undefined, { errors: data.refused.errors });
      if (data.state === 'failed' || data.state === 'cancelled' || data.state === 'completed')
        throw new Error(data.error ?? 'The upload failed: nothing was changed.');
    }
  }
}

export const SurveysUploadStoreToken = createToken<UploadStore>('uploads:SurveysUploadStore');
export const MekkosUploadStoreToken = createToken<UploadStore>('uploads:MekkosUploadStore');
export const JourneysUploadStoreToken = createToken<UploadStore>('uploads:JourneysUploadStore');
export const PersonasUploadStoreToken = createToken<UploadStore>('uploads:PersonasUploadStore');
