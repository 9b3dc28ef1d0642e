import { createToken } from '@discovery/plugin-api';
import {
  Resource,
  saveBlob,
  type ApiClient,
  type HierarchyStore,
  type NotificationCenter,
  type NotificationCenterItem,
  type SessionStore,
  type Settled,
} from '@discovery/platform';
import { makeAutoObservable, reaction } from 'mobx';
import {
  canDownload,
  eventText,
  FIRST_POLL_MS,
  isInProgress,
  isUnread,
  notificationsEndpoints as E,
  POLL_MS,
  REPORT_HISTORY_COLUMNS,
  reportHistoryFileName,
  reportHistoryRows,
  SPEC_EVENT_TEXT,
  unreadCount,
  type EventTextFormat,
  type NotificationDto,
} from '../common';

export const NotificationsStoreToken = createToken<NotificationsStore>('notifications:NotificationsStore');

const keyOf = (n: NotificationDto) => `${n.report_type}:${n.id}`;

/**
 * The notification center's data (SHELL-077..089): fetched as soon as a user and a context exist
 * and again at once on every change of either (the badge is the new context's from the start,
 * never the previous client's), then every 5 minutes while both do; cleared and stopped when
 * either goes. The list is a Resource: a change of user or context aborts the call on its way, so
 * an answer for the previous one never lands; a failed poll keeps the last list and shows its error.
 */
export class NotificationsStore implements NotificationCenter {
  readonly list = new Resource<NotificationDto[]>([]);
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly session: SessionStore,
    private readonly hierarchy: HierarchyStore,
    private readonly delays = { first: FIRST_POLL_MS, every: POLL_MS },
    /** The Events column's words in the user's language (the module passes the plugin's strings). */
    private readonly format: EventTextFormat = SPEC_EVENT_TEXT,
  ) {
    makeAutoObservable<NotificationsStore, 'api' | 'session' | 'hierarchy' | 'timer' | 'delays' | 'format'>(this, {
      api: false,
      session: false,
      hierarchy: false,
      timer: false,
      delays: false,
      format: false,
      list: false,
    });
  }

  get raw(): NotificationDto[] {
    return this.list.data;
  }

  set raw(rows: NotificationDto[]) {
    this.list.set(rows);
  }

  /** The last poll's failure (the panel shows it above the rows it still has). */
  get error(): Error | null {
    return this.list.error;
  }

  /** Starts following the user and the context; returns the stop function. */
  start(): () => void {
    const stop = reaction(
      () => (this.session.me && this.hierarchy.fullSlug ? `${this.session.me.id}|${this.hierarchy.fullSlug}` : null),
      (key) => {
        this.clearTimer();
        // Another user or context: the last one's rows (and badge) are not this one's, nor its call on the way.
        this.list.reset();
        if (key) this.poll(this.delays.first);
      },
      { fireImmediately: true },
    );
    return () => {
      stop();
      this.clearTimer();
      this.list.abort();
    };
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private poll(delay: number) {
    this.timer = setTimeout(() => {
      this.refresh().finally(() => {
        if (this.timer) this.poll(this.delays.every);
      });
    }, delay);
  }

  /** The latest list; a failed poll keeps the last one (the next poll tries again). */
  refresh(): Settled<unknown> {
    return this.list.load(async (signal) => (await this.api.call(E.list, {}, { silent: true, signal })).data);
  }

  get count(): number {
    return unreadCount(this.raw);
  }

  get items(): NotificationCenterItem[] {
    return this.raw.map((n) => ({
      key: keyOf(n),
      text: eventText(n, this.format),
      date: n.created_at,
      highlighted: isUnread(n),
      action: n.report_type === 'index_report' ? 'download' : n.read_at === null ? 'markRead' : null,
      actionDisabled: n.report_type === 'index_report' && (isInProgress(n) || !canDownload(n)),
    }));
  }

  get canDownloadHistory(): boolean {
    return this.session.can('report_task_admin', 'create');
  }

  /** Download (index report) or mark read (outcome notification), then reflect it at once. */
  async act(key: string): Promise<void> {
    const n = this.raw.find((x) => keyOf(x) === key);
    if (!n) return;
    if (n.report_type === 'index_report') {
      if (!canDownload(n)) return;
      const file = await this.api.download(E.download, { params: { request_id: n.request_id } });
      saveBlob(file.blob, file.filename ?? `${n.ui_name ?? n.name}.xlsx`);
      this.update(key, (x) => (x.report_type === 'index_report' && !x.downloaded_at ? { ...x, downloaded_at: new Date().toISOString() } : x));
    } else {
      await this.api.call(E.markRead, { params: { id: n.id } });
      this.update(key, (x) => (x.report_type === 'outcome_completed' ? { ...x, read_at: new Date().toISOString() } : x));
    }
  }

  private update(key: string, fn: (n: NotificationDto) => NotificationDto): void {
    this.list.set(this.raw.map((x) => (keyOf(x) === key ? fn(x) : x)));
  }

  /** SHELL-080: the past downloads as an Excel workbook (the library loads only when asked). */
  async downloadHistory(): Promise<void> {
    const rows = await this.api.call(E.reportHistory);
    const XLSX = await import('@e965/xlsx');
    const sheet = XLSX.utils.aoa_to_sheet([[...REPORT_HISTORY_COLUMNS], ...reportHistoryRows(rows)]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, 'Report History');
    const bytes = XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    saveBlob(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), reportHistoryFileName());
  }
}
