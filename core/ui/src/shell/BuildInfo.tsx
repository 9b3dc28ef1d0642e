import { Callout } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildInfoValues } from './buildInfoElement';

export const BUILD_INFO_SEQUENCE = 'build';
export const BUILD_INFO_MS = 5000;

export type { BuildInfoValues } from './buildInfoElement';

function typingInField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/** SHELL-011: typing b-u-i-l-d outside a field shows branch, revision and date for 5 s. */
export function BuildInfo({ info }: { info: BuildInfoValues }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let typed = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (e: KeyboardEvent) => {
      if (typingInField(e.target) || e.key.length !== 1) return;
      typed = (typed + e.key.toLowerCase()).slice(-BUILD_INFO_SEQUENCE.length);
      if (typed === BUILD_INFO_SEQUENCE) {
        typed = '';
        setShown(true);
        clearTimeout(timer);
        timer = setTimeout(() => setShown(false), BUILD_INFO_MS);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      clearTimeout(timer);
    };
  }, []);
  if (!shown) return null;
  return (
    <Callout className="dsc-build-info" intent="primary" icon="info-sign" data-testid="build-info">
      <div>{t('buildInfo.branch', { value: info.branch })}</div>
      <div>{t('buildInfo.revision', { value: info.revision })}</div>
      <div>{t('buildInfo.date', { value: info.date })}</div>
    </Callout>
  );
}
