import { useTranslation } from 'react-i18next';

/**
 * Month names as the reader's language writes them (the locale's `months`), for everything the
 * screens show; the server's notification names keep common's English `monthLabel`.
 */
export function useMonths() {
  const { t } = useTranslation('outcomes');
  const long = (month: number) => t(`months.long.m${month}`);
  const short = (month: number) => t(`months.short.m${month}`);
  return {
    long,
    short,
    /** 'March 2024' (OUT-014 DESIGN, OUT-059's confirmation). */
    label: (year: number, month: number) => t('months.label', { month: long(month), year }),
    /** 'Mar 2024': a range column's category. */
    shortLabel: (year: number, month: number) => t('months.label', { month: short(month), year }),
  };
}
