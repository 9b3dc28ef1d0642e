import { Classes } from '@blueprintjs/core';
import { LoadingSpinner, PageTitle } from '@discovery/ui';
import { effectiveCompanyId } from '@discovery/plugin-api';
import { HierarchyStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivationsTable } from '../components/ActivationsTable';
import { ActivityStoreToken } from '../stores/ActivityStore';

/** AMS activations of the context's company (000 §2.4, SRV-040). */
const AmsPage = observer(function AmsPage() {
  const { t } = useTranslation('audiences');
  const store = useService(ActivityStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const n = hierarchy.nodes;
  const company = effectiveCompanyId(n);
  const context = hierarchy.fullSlug;

  useEffect(() => {
    store.loadActivations(company, context);
  }, [store, company, context]);
  const rows = store.amsList.data;

  return (
    <section data-testid="ams-page">
      <PageTitle>{t('ams.heading')}</PageTitle>
      <p className={Classes.TEXT_MUTED}>{company === null ? t('ams.noCompany') : t('ams.hint')}</p>
      {rows === null ? <LoadingSpinner size={32} /> : <ActivationsTable rows={rows} />}
    </section>
  );
});

export default AmsPage;
