import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const LANGUAGE_KEY = 'language';

/** i18next with the core namespace; plugins add theirs with addPluginResources (namespace = plugin id). */
export async function initI18n(lng = localStorage.getItem(LANGUAGE_KEY) ?? 'en'): Promise<i18n> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      ns: ['core'],
      defaultNS: 'core',
      resources: { en: { core: en } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return i18next;
}

export function addPluginResources(ns: string, lng: string, resources: Record<string, unknown>): void {
  i18next.addResourceBundle(lng, ns, resources, true, true);
}
