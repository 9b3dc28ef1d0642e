/**
 * The notification center's shared rules (000 §2.8, §3, §4): item shapes, which items count in
 * the unread badge, how an item's event text reads, and the index-report request schema.
 */
import { RulesSchema } from '@discovery/insights-kit/common';
import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { Id, IdParams, text } from '@discovery/plugin-api/zod';
import * as z from 'zod';

export const notificationsPermissions = {
  indexReportCreate: definePermission('index_report', 'create'),
  reportHistory: definePermission('report_task_admin', 'create'),
};

/** Report history has no page of its own; this ref names the API's owner for route checks. */
export const notificationsRoute = createRouteRef({ id: 'notifications.none', scope: 'global', path: 'notifications' });

export const RETENTION_DAYS = 15;

/**
 * SRV-047: how the server posts an 'outcome_completed' notification (the Outcomes plugin's monthly
 * snapshot job), so no other plugin writes this plugin's table by hand. Params: user id, product
 * slug, name, the job's id.
 */
export const INSERT_OUTCOME_NOTIFICATION_SQL = 'insert into outcome_notifications (user_id, product_slug, name, job_id) values ($1, $2, $3, $4)';
/**
 * SHELL-088 says the first poll comes 5 s after a user and a context exist; the badge then lagged
 * every page load and context change by 5 s (issue 14 §10). It is fetched at once instead; the
 * 5-minute interval stays.
 */
export const FIRST_POLL_MS = 0;
export const POLL_MS = 5 * 60_000;

export type TaskStatus = 'received' | 'processing' | 'completed' | 'failed';

export interface IndexReportTaskDto {
  id: number;
  report_type: 'index_report';
  request_id: string;
  product_slug: string;
  name: string;
  ui_name: string | null;
  status: TaskStatus;
  error: string | null;
  downloaded_at: string | null;
  created_at: string;
  /** The core job that builds the report (null for tasks that never had one). */
  job_id: number | null;
}

export interface OutcomeNotificationDto {
  id: number;
  report_type: 'outcome_completed';
  product_slug: string;
  name: string;
  read_at: string | null;
  created_at: string;
  /** The core job that made the notification, when one did. */
  job_id: number | null;
}

export type NotificationDto = IndexReportTaskDto | OutcomeNotificationDto;

/** SHELL-082: received and processing are in progress. */
export function isInProgress(t: { status: TaskStatus }): boolean {
  return t.status === 'received' || t.status === 'processing';
}

/** SHELL-083 / SHELL-089: only a completed report downloads. */
export function canDownload(t: { status: TaskStatus }): boolean {
  return t.status === 'completed';
}

/** SHELL-085: highlighted until downloaded (reports) or read (outcomes). */
export function isUnread(n: NotificationDto): boolean {
  return n.report_type === 'index_report' ? canDownload(n) && n.downloaded_at === null : n.read_at === null;
}

/** SHELL-086: completed reports not yet downloaded plus outcome notifications not yet read. */
export function unreadCount(items: readonly NotificationDto[]): number {
  return items.filter(isUnread).length;
}

/** How the Events column words a report's state with its name; the client passes its translation. */
export type EventTextFormat = (state: 'inProgress' | 'failed', name: string) => string;
/** SHELL-081/082/089 in the spec's words (the English resources say the same). */
export const SPEC_EVENT_TEXT: EventTextFormat = (state, name) => `${state === 'inProgress' ? 'IN-PROGRESS' : 'FAILED'}: ${name}`;

/** SHELL-081/082/089: ui_name or name, prefixed while in progress or after a failure. */
export function eventText(n: NotificationDto, format: EventTextFormat = SPEC_EVENT_TEXT): string {
  const name = n.report_type === 'index_report' ? (n.ui_name ?? n.name) : n.name;
  if (n.report_type === 'index_report' && isInProgress(n)) return format('inProgress', name);
  if (n.report_type === 'index_report' && n.status === 'failed') return format('failed', name);
  return name;
}

/** SRV-045; the persona's (or audience's) rules travel with the request. */
export const IndexReportBody = z.object({
  index_report: z.object({
    name: text({ min: 1, max: 200, required: 'Name is required.' }),
    ui_name: text({ max: 200 }).optional(),
    persona_id: Id.optional(),
    rules: RulesSchema.refine((r) => (r.include?.and ?? []).some((g) => g.or.length > 0), 'Choose at least one segment to report on.'),
    layout_type: text({ max: 50 }).default('standard'),
    allow_dataset_skew: z.boolean().default(false),
    allow_unknown_rate_skew: z.boolean().default(false),
  }),
});

/** SRV-048 row; SHELL-080 columns. */
export interface ReportHistoryRow {
  created_at: string;
  created_by: string;
  product_slug: string;
  ui_name: string | null;
  name: string;
  resource_type: string;
}
export const REPORT_HISTORY_COLUMNS = ['Date', 'Time', 'Email', 'Hierarchy', 'Asset Name', 'Asset Type'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * SHELL-080: one workbook row per past download: Date yyyy-MM-dd and Time HH:mm:ss in the user's
 * time zone (from created_at), Email, Hierarchy (product slug), Asset Name (ui_name or name), Asset Type.
 */
export function reportHistoryRows(rows: readonly ReportHistoryRow[]): string[][] {
  return rows.map((r) => {
    const d = new Date(r.created_at);
    return [
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
      r.created_by,
      r.product_slug,
      r.ui_name ?? r.name,
      r.resource_type,
    ];
  });
}

/** SHELL-080 DESIGN: Report_History_yyyy-MM-dd.xlsx */
export function reportHistoryFileName(now = new Date()): string {
  return `Report_History_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.xlsx`;
}

const signedInClient = { permission: 'signed-in', scope: 'client' } as const;

/** The notification center's API (000 §7, SRV-041..049). */
export const notificationsEndpoints = {
  /** SRV-041: the user's index-report tasks and outcome notifications in the context, newest first. */
  list: defineEndpoint({ method: 'GET', path: '/api/v1/notifications', access: signedInClient, response: typed<{ data: NotificationDto[] }>() }),
  /** SRV-045: a report task the job service builds. */
  requestIndexReport: defineEndpoint({
    method: 'POST',
    path: '/api/v1/notifications/index_reports',
    access: { permission: notificationsPermissions.indexReportCreate, scope: 'product' },
    body: IndexReportBody,
    response: typed<{ data: Omit<IndexReportTaskDto, 'status'> & { status: TaskStatus } }>(),
  }),
  /** SRV-044 / SRV-049: the workbook. */
  download: defineEndpoint({
    method: 'GET',
    path: '/api/v1/notifications/index_reports/:request_id/download',
    access: signedInClient,
    params: z.object({ request_id: z.uuid('Unknown report.') }),
    raw: true,
  }),
  /** SRV-043: no body; text 'OK'. */
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/v1/notifications/:id/read',
    access: signedInClient,
    params: IdParams,
    raw: true,
  }),
  /** SRV-048: past downloads in the context's client. */
  reportHistory: defineEndpoint({
    method: 'GET',
    path: '/api/v1/notifications/report_history',
    access: { permission: notificationsPermissions.reportHistory, scope: 'client' },
    response: typed<ReportHistoryRow[]>(),
  }),
};
