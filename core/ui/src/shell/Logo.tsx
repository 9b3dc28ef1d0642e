import { useTranslation } from 'react-i18next';

/** The product mark: a lens over stacked bars (audiences under insight). */
export function Logo({ size = 40 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" role="img" aria-label={t('appName')}>
      <rect width="40" height="40" rx="8" fill="#2d72d2" />
      <rect x="8" y="22" width="5" height="10" rx="1" fill="#fff" />
      <rect x="15" y="16" width="5" height="16" rx="1" fill="#fff" />
      <rect x="22" y="19" width="5" height="13" rx="1" fill="#fff" opacity="0.8" />
      <circle cx="27" cy="13" r="6" fill="none" stroke="#fff" strokeWidth="2.5" />
      <line x1="31.5" y1="17.5" x2="35" y2="21" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
