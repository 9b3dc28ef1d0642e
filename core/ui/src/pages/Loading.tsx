import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The centred spinner a page shows while its session, plugins or chunk load. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="dsc-center">
      <Spinner aria-label={t('loading')} />
    </div>
  );
}
