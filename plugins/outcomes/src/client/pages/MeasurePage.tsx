import { PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

const MeasurePage = observer(function MeasurePage() {
  const { t } = useTranslation('outcomes');
  return <PageTitle>{t('title')}</PageTitle>;
});
export default MeasurePage;
