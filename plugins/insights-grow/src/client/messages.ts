import { useTranslation } from 'react-i18next';
import { GROW_MESSAGES, type GrowMessageKey } from '../common';

const isKey = (m: string): m is GrowMessageKey => Object.hasOwn(GROW_MESSAGES, m);

/**
 * A form's message in the user's language: the forms validate with `GROW_FORM_RULES`, whose
 * messages are keys (`messages.<key>`); a text the server wrote (a 422's field) is shown as sent.
 */
export function useGrowMessage(): (message: string | null | undefined) => string | null {
  const { t } = useTranslation('insights-grow');
  return (message) => {
    if (!message) return null;
    return isKey(message) ? t(`messages.${message}`) : message;
  };
}

/** The first message of each field a zod parse refused, keyed by its path after the body's wrapper. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.');
    if (!(key in out)) out[key] = i.message;
  }
  return out;
}
