import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { JOURNEY_MESSAGES } from '../common';

export const NS = 'insights-journey';

/** The spec's messages (../common's JOURNEY_MESSAGES) by their text, to find their key in locales/en.json `messages`. */
const KEY_OF = new Map<string, string>(Object.entries(JOURNEY_MESSAGES).map(([k, v]) => [v, k]));

/** A shared rule's or the server's message in the user's language; a text the server wrote itself stays as sent. */
export function translateMessage(
  message: string,
  values?: Record<string, string>,
  t: (key: string, opts?: object) => string = (key, opts) => String(i18next.t(key, opts as never)),
): string {
  const key = KEY_OF.get(message);
  return key ? t(`messages.${key}`, { ns: NS, ...values }) : message;
}

export function useJourneyMessage(): (message: string | null | undefined, values?: Record<string, string>) => string | null {
  const { t } = useTranslation(NS);
  return (message, values) => (message ? translateMessage(message, values, t as (key: string, opts?: object) => string) : null);
}
