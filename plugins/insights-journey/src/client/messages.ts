import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { JOURNEY_MESSAGES, type JourneyMessageKey } from '../common';

export const NS = 'insights-journey';

const isKey = (m: string): m is JourneyMessageKey => Object.hasOwn(JOURNEY_MESSAGES, m);

/**
 * A message in the user's language: the rules and the screens name the spec's messages by key
 * (`messages.<key>` in locales/en.json); a text the server wrote (a 422) is shown as sent.
 */
export function translateMessage(
  message: JourneyMessageKey | string,
  values?: Record<string, string>,
  t: (key: string, opts?: object) => string = (key, opts) => String(i18next.t(key, opts as never)),
): string {
  return isKey(message) ? t(`messages.${message}`, { ns: NS, ...values }) : message;
}

export function useJourneyMessage(): (message: JourneyMessageKey | string | null | undefined, values?: Record<string, string>) => string | null {
  const { t } = useTranslation(NS);
  return (message, values) => (message ? translateMessage(message, values, t as (key: string, opts?: object) => string) : null);
}
