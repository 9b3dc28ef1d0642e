import { Button } from '@blueprintjs/core';
import { SessionStoreToken, ToastStoreToken, useOptionalService, useService } from '@discovery/platform';
import { IndexReportsToken, type IndexReportRequest } from '../tokens';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * 'Request Index Report' for the audience a screen shows (issue 14 §10): queues the report and
 * says where it will arrive (the notification center). Shown only to users with
 * index_report.create, in builds that deliver reports.
 */
export const RequestIndexReport = observer(function RequestIndexReport({ report, disabled }: { report: IndexReportRequest; disabled?: boolean }) {
  const { t } = useTranslation();
  const reports = useOptionalService(IndexReportsToken);
  const session = useService(SessionStoreToken);
  const toasts = useService(ToastStoreToken);
  const [busy, setBusy] = useState(false);
  if (!reports?.canRequest(session.snapshot)) return null;
  const request = () => {
    setBusy(true);
    reports
      .request(report)
      .then(
        () => toasts.success(t('indexReport.requested', { name: report.uiName ?? report.name })),
        (e: unknown) => toasts.error(t('indexReport.failed', { message: (e as Error).message })),
      )
      .finally(() => setBusy(false));
  };
  return <Button icon="th-derived" text={t('indexReport.request')} loading={busy} disabled={disabled} onClick={request} data-testid="request-index-report" />;
});
