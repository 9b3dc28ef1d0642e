import { type IndexReportRequest, type IndexReports } from '@discovery/insights-kit';
import { createToken, type SessionSnapshot } from '@discovery/plugin-api';
import type { ApiClient } from '@discovery/platform';
import { notificationsEndpoints as E, notificationsPermissions as P } from '../common';
import type { NotificationsStore } from './NotificationsStore';

export const IndexReportStoreToken = createToken<IndexReportStore>('notifications:IndexReportStore');

/**
 * Index-report requests (SRV-045) from any screen that shows an audience: the task is queued for
 * the context's product and the notification center is refreshed, so it lists the report (in
 * progress) at once and counts it in the badge when it is done.
 */
export class IndexReportStore implements IndexReports {
  constructor(
    private readonly api: ApiClient,
    private readonly notifications: NotificationsStore,
  ) {}

  canRequest(session: SessionSnapshot): boolean {
    return session.can(P.indexReportCreate.resource, P.indexReportCreate.action);
  }

  async request(r: IndexReportRequest): Promise<void> {
    await this.api.call(
      E.requestIndexReport,
      {
        body: {
          index_report: {
            name: r.name,
            ui_name: r.uiName,
            persona_id: r.personaId,
            rules: r.rules,
            layout_type: r.layoutType ?? 'standard',
            allow_dataset_skew: r.allowDatasetSkew ?? false,
            allow_unknown_rate_skew: r.allowUnknownRateSkew ?? false,
          },
        },
      },
      { silent: true },
    );
    await this.notifications.refresh();
  }
}
