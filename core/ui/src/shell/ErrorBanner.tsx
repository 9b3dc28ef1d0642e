import { Button, Callout } from '@blueprintjs/core';
import { ErrorBannerStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

/** The global error banner (SHELL-061..063). */
export const ErrorBanner = observer(function ErrorBanner() {
  const banner = useService(ErrorBannerStoreToken);
  const { t } = useTranslation();
  if (!banner.message) return null;
  return (
    <Callout intent="danger" role="alert" data-testid="error-banner" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <span style={{ flex: 1 }}>{banner.message}</span>
      <Button variant="minimal" icon="cross" aria-label={t('errors.dismiss')} onClick={() => banner.clear()} />
    </Callout>
  );
});
