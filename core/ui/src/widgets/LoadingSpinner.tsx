import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Blueprint's Spinner named 'Loading' (a progressbar needs a name: axe 'aria-progressbar-name'). */
export function LoadingSpinner({ size }: { size?: number }) {
  const { t } = useTranslation();
  return <Spinner size={size} aria-label={t('loading')} />;
}
