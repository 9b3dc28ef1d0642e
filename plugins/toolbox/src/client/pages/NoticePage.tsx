import { AnchorButton } from '@blueprintjs/core';
import { PageTitle } from '@discovery/ui';
import { ConfigStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

/** TBX-024 / TBX-025: the notice page of a client and region with no brand or product. */
const NoticePage = observer(function NoticePage() {
  const { t } = useTranslation('toolbox');
  const config = useService(ConfigStoreToken).config;
  return (
    <section data-testid="notice-page" style={{ padding: 48, maxWidth: 720 }}>
      <PageTitle>{t('notice.heading')}</PageTitle>
      <p data-testid="notice-text">{t('notice.body')}</p>
      {config?.support_url && (
        <AnchorButton icon="help" href={config.support_url} target="_blank" rel="noopener noreferrer" text={t('supportLink')} data-testid="notice-support" />
      )}
    </section>
  );
});

export default NoticePage;
