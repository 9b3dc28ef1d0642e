import { useTranslation } from 'react-i18next';
import { GROW_MESSAGES } from '../common';

const KEY_OF = new Map<string, string>(Object.entries(GROW_MESSAGES).map(([k, v]) => [v, k]));

/** A rule's message (the shared schema's or the server's 422) in the user's language; text the server wrote stays as sent. */
export function useGrowMessage(): (message: string | null | undefined) => string | null {
  const { t } = useTranslation('insights-grow');
  return (message) => {
    if (!message) return null;
    const key = KEY_OF.get(message);
    return key ? t(`messages.${key}`) : message;
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
