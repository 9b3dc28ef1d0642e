import { Button, Callout, type Intent } from '@blueprintjs/core';
import { ToastStoreToken, useService, type ToastIntent } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

const INTENT: Record<ToastIntent, Intent> = { error: 'danger', warning: 'warning', success: 'success', info: 'primary' };

/** Toasts (SHELL-065/066): newest on top, at most three, each with its own duration. */
export const Toasts = observer(function Toasts() {
  const toasts = useService(ToastStoreToken);
  const { t } = useTranslation();
  return (
    <div className="dsc-toasts" aria-live="polite" data-testid="toasts">
      {toasts.visible.map((toast) => (
        <Callout key={toast.id} intent={INTENT[toast.intent]} role="status" style={{ display: 'flex', gap: 8, boxShadow: '0 2px 8px rgba(0,0,0,.2)' }}>
          <span style={{ flex: 1 }}>{toast.message}</span>
          <Button variant="minimal" size="small" icon="cross" aria-label={t('errors.dismiss')} onClick={() => toasts.dismiss(toast.id)} />
        </Callout>
      ))}
    </div>
  );
});
