import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../widgets/useDocumentTitle';

/** SHELL-015/016. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main className="dsc-center" style={{ flexDirection: 'column' }}>
      <H1>{t('notFound.title')}</H1>
      <p>{t('notFound.text')}</p>
      <Link to="/home">{t('notFound.link')}</Link>
    </main>
  );
}
