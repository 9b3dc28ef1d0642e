import { SCN_MESSAGES } from '../../common';

const KEYS = new Map<string, string>(Object.entries(SCN_MESSAGES).map(([k, v]) => [v, k]));

/**
 * A rule's message (the shared English wording) through i18next, so a translated screen shows
 * its own words; a server message "Base: Please enter a number" keeps its field name.
 */
export function messageText(message: string, t: (key: string) => string): string {
  const key = KEYS.get(message);
  if (key) return t(`messages.${key}`);
  const m = /^([A-Za-z]+): (.*)$/.exec(message);
  if (m && KEYS.has(m[2])) return `${t(`curves.${m[1]}`)}: ${t(`messages.${KEYS.get(m[2])}`)}`;
  return message;
}
