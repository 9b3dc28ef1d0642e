import { HierarchyStoreToken, useService } from '@discovery/platform';
import { PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CurvesSection } from '../components/CurvesSection';
import { ImportSection } from '../components/ImportSection';
import { ScenarioPlannerStoreToken } from '../stores/ScenarioPlannerStore';

/** SCN-001 / SCN-002: Scenario Planner Management at plans/admin. */
const ScenarioPlannerPage = observer(function ScenarioPlannerPage() {
  const { t } = useTranslation('scenario-planner');
  const store = useService(ScenarioPlannerStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const productId = hierarchy.nodes.product?.id;

  useEffect(() => {
    if (productId === undefined) return;
    store.load(productId);
    return () => store.dispose();
  }, [store, productId]);

  return (
    <div data-testid="scenario-planner-page" style={{ padding: 24, maxWidth: 1500 }}>
      <PageTitle>{t('header')}</PageTitle>
      <ImportSection />
      <CurvesSection />
    </div>
  );
});

export default ScenarioPlannerPage;
