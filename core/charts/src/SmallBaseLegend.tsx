import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SMALL_BASE_COLOUR, SMALL_BASE_MARK } from './palette';

/**
 * Issue 27 §2: what the small-base mark means, beside every chart that shows it (the figures
 * marked with it, and a heat cell's corner, are on fewer than `threshold` people).
 */
export function SmallBaseLegend({ threshold, testId = 'small-base-legend' }: { threshold: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className={Classes.TEXT_SMALL} style={{ display: 'flex', alignItems: 'center', gap: 6, margin: '4px 0', color: '#404854' }} data-testid={testId}>
      <span
        aria-hidden="true"
        style={{ display: 'inline-block', width: 14, height: 14, boxShadow: `inset 6px 6px 0 -3px ${SMALL_BASE_COLOUR}`, border: '1px solid #c5cbd3' }}
      />
      <strong aria-hidden="true">{SMALL_BASE_MARK}</strong>
      <span>{t('charts.smallBase.legend', { count: threshold })}</span>
    </p>
  );
}
