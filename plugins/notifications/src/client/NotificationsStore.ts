import { createToken } from '@discovery/plugin-api';
import { saveBlob, type ApiClient, type HierarchyStore, type NotificationCenter, type NotificationCenterItem, type SessionStore } from '@discovery/platform';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
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
 * either goes.
 */
export class NotificationsStore implements NotificationCenter {
  raw: NotificationDto[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The user and context the list belongs to; an answer for another is dropped. */
  private key: string | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly session: SessionStore,
    private readonly hierarchy: HierarchyStore,
    private readonly delays = { first: FIRST_POLL_MS, every: POLL_MS },
    /** The Events column's words in the user's language (the module passes the plugin's strings). */
    private readonly format: EventTextFormat = SPEC_EVENT_TEXT,
  ) {
    makeAutoObservable<NotificationsStore, 'api' | 'session' | 'hierarchy' | 'timer' | 'delays' | 'key' | 'format'>(this, {
      api: false,
      session: false,
      hierarchy: false,
      timer: false,
      delays: false,
      key: false,
      format: false,
    });
  }

  /** Starts following the user and the context; returns the stop function. */
  start(): () => void {
    const stop = reaction(
      () => (this.session.me && this.hierarchy.fullSlug ? `${this.session.me.id}|${this.hierarchy.fullSlug}` : null),
      (key) => {
        this.clearTimer();
        this.key = key;
        // Another user or context: the last one's rows (and badge) are not this one's.
        this.raw = [];
        if (key) this.poll(this.delays.first);
      },
      { fireImmediately: true },
    );
    return () => {
      stop();
      this.clearTimer();
      this.key = null;
    };
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private poll(delay: number) {
    this.timer = setTimeout(() => {
      void this.refresh().finally(() => {
        if (this.timer) this.poll(this.delays.every);
      });
    }, delay);
  }

  async refresh(): Promise<void> {
    const key = this.key;
    try {
      const res = await this.api.call(E.list, {}, { silent: true });
      // A context change while the call was out: its answer is the old context's.
      if (key === this.key) runInAction(() => (this.raw = res.data));
    } catch {
      // a failed poll keeps the last list; the next poll tries again
    }
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
      runInAction(() => {
        if (n.report_type === 'index_report' && !n.downloaded_at) n.downloaded_at = new Date().toISOString();
      });
    } else {
      await this.api.call(E.markRead, { params: { id: n.id } });
      runInAction(() => {
        if (n.report_type === 'outcome_completed') n.read_at = new Date().toISOString();
      });
    }
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
