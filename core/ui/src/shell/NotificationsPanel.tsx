import { Drawer, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export const NOTIFICATION_PANEL_WIDTH = 800;

/** SHELL-077/078: the 800px panel. Index-report and outcome rows arrive with the notifications plugin. */
export function NotificationsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer isOpen={open} onClose={onClose} size={NOTIFICATION_PANEL_WIDTH} title={t('notifications.title')} position="right">
      <div style={{ padding: 16 }} data-testid="notifications-panel">
        <HTMLTable style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>{t('notifications.events')}</th>
              <th>{t('notifications.date')}</th>
              <th>{t('notifications.actions')}</th>
            </tr>
          </thead>
        </HTMLTable>
        <NonIdealState icon="notifications" description={t('notifications.empty')} />
      </div>
    </Drawer>
  );
}
