import { Callout, H1 } from '@blueprintjs/core';
import { HierarchyStoreToken, SessionStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fullName } from '../../common';

/** Home of a region or a product: greeting (SHELL-098) and the impersonation notice (SHELL-099). */
const HomePage = observer(function HomePage() {
  const { t } = useTranslation('home');
  const session = useService(SessionStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const me = session.me;
  const { client, region, brand } = hierarchy.nodes;
  if (!me) return null;
  return (
    <section data-testid="home-page">
      <H1>{t('greeting', { name: fullName(me) })}</H1>
      {me.impersonating && (
        <Callout intent="warning" icon="eye-open" style={{ marginBottom: 16 }} data-testid="impersonation-notice">
          {t('impersonating', { name: fullName(me) })}
        </Callout>
      )}
      {region && !brand && region.brands.length === 0 && (
        <Callout intent="primary" data-testid="region-without-brands">
          <p>{t('regionWithoutBrands', { region: region.name })}</p>
          {session.can('brands', 'read') && client && <Link to={`/${client.slug}/${region.slug}/brands/admin`}>{t('openBrandAdmin')}</Link>}
        </Callout>
      )}
    </section>
  );
});

export default HomePage;
