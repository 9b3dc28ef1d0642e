import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab's title (WCAG 2.4.2): 'Audiences · Discovery' for a feature's page, the app's
 * name alone without one; both in the user's language.
 */
export function useDocumentTitle(feature?: string): void {
  const { t } = useTranslation();
  const app = t('appName');
  const title = feature ? `${feature} · ${app}` : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
