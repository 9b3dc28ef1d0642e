import { Button, Classes, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { formatDate, NotificationCenterToken, settle, ToastStoreToken, useOptionalService, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../widgets/LoadError';
import { SlideInPanel } from '../widgets/SlideInPanel';

export const NOTIFICATION_PANEL_WIDTH = 800;

/**
 * SHELL-077..089: the 800px panel with Events, Date and Actions. Rows, badge and actions come
 * from the notification center a plugin provides; without one the panel is empty.
 */
export const NotificationsPanel = observer(function NotificationsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const center = useOptionalService(NotificationCenterToken);
  const toasts = useService(ToastStoreToken);
  const items = center?.items ?? [];
  // opening the panel shows the latest, not the last poll's
  useEffect(() => {
    if (open && center) center.refresh();
  }, [open, center]);
  const run = (p: Promise<void>) => settle(p, (e) => toasts.error(t('notifications.failed', { message: (e as Error).message })));
  return (
    <SlideInPanel isOpen={open} onClose={onClose} width={NOTIFICATION_PANEL_WIDTH} title={t('notifications.title')} canOutsideClickClose ownBody>
      {/* The drawer's body is the scroll box: it fills the panel below the header (issue 14 §1). */}
      <div className={Classes.DRAWER_BODY} style={{ padding: 16 }} data-testid="notifications-panel">
        {center?.canDownloadHistory && (
          <Button
            icon="th-derived"
            text={t('notifications.history')}
            onClick={() => run(center.downloadHistory())}
            style={{ marginBottom: 12 }}
            data-testid="download-report-history"
          />
        )}
        <HTMLTable style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>{t('notifications.events')}</th>
              <th style={{ width: 120 }}>{t('notifications.date')}</th>
              <th style={{ width: 160 }}>{t('notifications.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((n) => (
              <tr
                key={n.key}
                data-testid={`notification-${n.key}`}
                data-highlighted={String(n.highlighted)}
                style={n.highlighted ? { background: 'rgba(45, 114, 210, 0.1)', fontWeight: 600 } : undefined}
              >
                <td>{n.text}</td>
                <td>{formatDate(n.date)}</td>
                <td>
                  {n.action === 'download' && (
                    <Button
                      small
                      icon="download"
                      text={t('notifications.download')}
                      disabled={n.actionDisabled}
                      onClick={() => run(center!.act(n.key))}
                      data-testid="notification-download"
                    />
                  )}
                  {n.action === 'markRead' && (
                    <Button small icon="tick" text={t('notifications.markRead')} onClick={() => run(center!.act(n.key))} data-testid="notification-read" />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {center?.error ? <LoadError error={center.error} onRetry={() => center.refresh()} level={3} data-testid="notifications-error" /> : null}
        {items.length === 0 && !center?.error && (
          <div className="dsc-panel-empty" data-testid="notifications-empty">
            <NonIdealState icon="notifications" description={t('notifications.empty')} />
          </div>
        )}
      </div>
    </SlideInPanel>
  );
});
