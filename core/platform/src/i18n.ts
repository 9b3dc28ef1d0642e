import type { PluginI18n } from '@discovery/plugin-api';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { settle, type Settled } from './Resource';

export const LANGUAGE_KEY = 'language';

/**
 * A pseudo-locale: every string of every namespace accented, lengthened and bracketed
 * ('[Ļöĝöûţ ~~~]'), so a string on screen that is not bracketed did not go through i18next. Tests
 * switch it on; it is never offered in the language menu.
 */
export const PSEUDO_LOCALE = 'en-XA';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Languages the shell has complete resources for (besides the pseudo-locale); plugins fall back to English. */
const CORE_LANGUAGES: Record<string, () => Promise<Record<string, unknown>>> = {
  en: async () => en,
  es: async () => (await import('./locales/es.json')).default,
};
export const SHELL_LANGUAGES = Object.keys(CORE_LANGUAGES);

const ACCENTS: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  w: 'ŵ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  L: 'Ļ',
  N: 'Ñ',
  O: 'Ö',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  Y: 'Ý',
  Z: 'Ž',
};

/** One string in the pseudo-locale: placeholders ({{x}}, $t(...), <1>..</1>) stay as they are. */
export function pseudoString(s: string): string {
  if (!s) return s;
  const parts = s.split(/(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+>)/);
  const body = parts.map((p, i) => (i % 2 === 1 ? p : [...p].map((c) => ACCENTS[c] ?? c).join(''))).join('');
  // About a third longer, as German or Finnish text tends to be.
  const pad = '~'.repeat(Math.max(1, Math.round(s.length / 3)));
  return `${PSEUDO_OPEN}${body} ${pad}${PSEUDO_CLOSE}`;
}

export function pseudoLocalize<T>(value: T): T {
  if (typeof value === 'string') return pseudoString(value) as T;
  if (Array.isArray(value)) return value.map((v) => pseudoLocalize(v)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudoLocalize(v)])) as T;
  return value;
}

/** Plugins' translations, kept so a language change can load theirs too. */
const pluginBundles = new Map<string, PluginI18n>();

export function storedLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_KEY) ?? 'en';
  } catch {
    return 'en';
  }
}

/** i18next with the core namespace; plugins add theirs with addPluginResources (namespace = plugin id). */
export async function initI18n(lng = storedLanguage()): Promise<i18n> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['core'],
      defaultNS: 'core',
      resources: { en: { core: en } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  if (lng !== i18next.language) await changeLanguage(lng);
  return i18next;
}

export function addPluginResources(ns: string, lng: string, resources: Record<string, unknown>): void {
  i18next.addResourceBundle(lng, ns, resources, true, true);
}

/** Loads a plugin's English strings, and the current language's when it has them (or the pseudo-locale's). */
export async function registerPluginI18n(bundle: PluginI18n): Promise<void> {
  pluginBundles.set(bundle.namespace, bundle);
  addPluginResources(bundle.namespace, 'en', await bundle.load('en'));
  const lng = i18next.language;
  if (lng && lng !== 'en') await loadPluginLanguage(bundle, lng);
}

async function loadPluginLanguage(bundle: PluginI18n, lng: string): Promise<void> {
  if (lng === PSEUDO_LOCALE) {
    addPluginResources(bundle.namespace, lng, pseudoLocalize(await bundle.load('en')));
  } else if (bundle.languages?.includes(lng)) {
    addPluginResources(bundle.namespace, lng, await bundle.load(lng));
  }
  // Otherwise i18next falls back to the plugin's English.
}

/**
 * Switches the language: the shell's resources, then every plugin's that has them, then i18next
 * (components re-render). An unknown language falls back to English.
 */
/** Never rejects: a language whose resources fail to load leaves the current one (and says so in the console). */
export function changeLanguage(lng: string): Settled<void> {
  return settle(switchLanguage(lng), (e) => console.warn(`language '${lng}' could not be loaded`, e));
}

async function switchLanguage(lng: string): Promise<void> {
  const known = lng === PSEUDO_LOCALE || lng in CORE_LANGUAGES;
  const target = known ? lng : 'en';
  if (target === PSEUDO_LOCALE) {
    i18next.addResourceBundle(target, 'core', pseudoLocalize(en), true, true);
  } else if (target !== 'en') {
    i18next.addResourceBundle(target, 'core', await CORE_LANGUAGES[target](), true, true);
  }
  for (const bundle of pluginBundles.values()) await loadPluginLanguage(bundle, target);
  await i18next.changeLanguage(target);
  document.documentElement.lang = target;
}
