import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../widgets/useDocumentTitle';

/**
 * SHELL-015/016. Signed in, it renders inside the shell's main area (nav, top bar and the way
 * home stay); signed out it is the page's own main.
 */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  const content = (
    <>
      <H1>{t('notFound.title')}</H1>
      <p>{t('notFound.text')}</p>
      <Link to="/home" data-testid="not-found-home">
        {t('notFound.link')}
      </Link>
    </>
  );
  return inShell ? (
    <section className="dsc-center" style={{ flexDirection: 'column' }} data-testid="not-found">
      {content}
    </section>
  ) : (
    <main className="dsc-center" style={{ flexDirection: 'column' }} data-testid="not-found">
      {content}
    </main>
  );
}
