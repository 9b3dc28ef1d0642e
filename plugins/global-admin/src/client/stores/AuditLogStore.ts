import { adminEndpoints, createToken, type AuditRowDto } from '@discovery/plugin-api';
import { Resource, saveBlob, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';

export const AuditLogStoreToken = createToken<AuditLogStore>('global-admin:AuditLogStore');

export interface AuditFilters {
  user: string;
  resource: string;
  client: string;
  /** Dates as the date inputs give them (YYYY-MM-DD), in the browser's time zone. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { user: '', resource: '', client: '', from: '', to: '' };

/**
 * Issue 32 §4: the query the filters make. Empty fields are left out; 'to' takes the whole day
 * (the server's 'to' is exclusive, so it is the next day's midnight).
 */
export function auditQuery(f: AuditFilters): Record<string, string> {
  const q: Record<string, string> = {};
  for (const k of ['user', 'resource', 'client'] as const) if (f[k].trim()) q[k] = f[k].trim();
  const day = (v: string, plus = 0) => {
    const [y, m, d] = v.split('-').map(Number);
    return new Date(y, m - 1, d + plus).toISOString();
  };
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.from)) q.from = day(f.from);
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.to)) q.to = day(f.to, 1);
  return q;
}

/** The audit log screen: filters, pages of rows (newest first), export of the filtered rows. */
export class AuditLogStore {
  filters: AuditFilters = { ...EMPTY_FILTERS };
  /** The filters of the rows shown (the form may have changed since). */
  applied: AuditFilters = { ...EMPTY_FILTERS };
  readonly rows = new Resource<{ rows: AuditRowDto[]; next: number | null } | null>(null);
  exporting = false;
  exportError: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<AuditLogStore, 'api'>(this, { api: false, rows: false });
  }

  setFilter(k: keyof AuditFilters, v: string): void {
    this.filters = { ...this.filters, [k]: v };
  }

  clear(): Settled<unknown> {
    this.filters = { ...EMPTY_FILTERS };
    return this.search();
  }

  search(): Settled<unknown> {
    this.applied = { ...this.filters };
    const query = auditQuery(this.applied);
    return this.rows.load(async (signal) => {
      const r = await this.api.call(adminEndpoints.audit, { query }, { silent: true, signal });
      return { rows: r.data, next: r.next_before };
    });
  }

  /** The next page, appended. */
  more(): Settled<unknown> {
    const cur = this.rows.data;
    if (!cur?.next) return Promise.resolve();
    const query = { ...auditQuery(this.applied), before: String(cur.next) };
    return this.rows.load(async (signal) => {
      const r = await this.api.call(adminEndpoints.audit, { query }, { silent: true, signal });
      return { rows: [...cur.rows, ...r.data], next: r.next_before };
    });
  }

  exportCsv(): Settled<unknown> {
    this.exporting = true;
    this.exportError = null;
    return settle(
      this.api.download(adminEndpoints.auditExport, { query: auditQuery(this.applied) }, { silent: true }).then(({ blob, filename }) => {
        saveBlob(blob, filename ?? 'audit.csv');
        this.doneExporting(null);
      }),
      (e) => this.doneExporting((e as Error).message),
    );
  }

  private doneExporting(error: string | null): void {
    this.exporting = false;
    this.exportError = error;
  }
}
