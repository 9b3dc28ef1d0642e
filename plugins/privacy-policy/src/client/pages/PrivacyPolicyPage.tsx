import { Button, H1, H2 } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POLICY_SECTIONS, showBackToTop } from '../../common';

/** Static privacy policy (SHELL-095..097). */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation('privacy-policy');
  const [backToTop, setBackToTop] = useState(() => showBackToTop(window.scrollY));

  useEffect(() => {
    const onScroll = () => setBackToTop(showBackToTop(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const goTo = (id: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    history.replaceState(null, '', `#${id}`);
  };

  return (
    <main style={{ maxWidth: 880, margin: '0 auto', padding: '32px 24px 96px', lineHeight: 1.6 }}>
      <H1 id="top">{t('title')}</H1>
      <p>
        <em>{t('lastUpdated')}</em>
      </p>
      <p>{t('intro')}</p>
      <nav aria-label={t('contents')}>
        <H2>{t('contents')}</H2>
        <ol data-testid="privacy-toc">
          {POLICY_SECTIONS.map((key) => (
            <li key={key}>
              <a href={`#section-${key}`} onClick={goTo(`section-${key}`)}>
                {t(`sections.${key}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {POLICY_SECTIONS.map((key, i) => (
        <section key={key} id={`section-${key}`} aria-labelledby={`heading-${key}`}>
          <H2 id={`heading-${key}`}>
            {i + 1}. {t(`sections.${key}.title`)}
          </H2>
          {(t(`sections.${key}.body`, { returnObjects: true }) as string[]).map((para, j) => (
            <p key={j}>{para}</p>
          ))}
        </section>
      ))}
      {backToTop && (
        <Button
          icon="arrow-up"
          intent="primary"
          style={{ position: 'fixed', right: 24, bottom: 24 }}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          {t('backToTop')}
        </Button>
      )}
    </main>
  );
}
