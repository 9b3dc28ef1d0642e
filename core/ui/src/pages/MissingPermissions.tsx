import { useTranslation } from 'react-i18next';
import { StateMessage } from '../widgets/StateMessage';

/** The shared 'Missing Permissions' state (BRAND-003, UPL-002): a page the user may not see. */
export function MissingPermissions() {
  const { t } = useTranslation();
  return (
    <div data-testid="missing-permissions" role="alert">
      <StateMessage level={1} icon="lock" title={t('missingPermissions.title')} description={t('missingPermissions.text')} />
    </div>
  );
}
