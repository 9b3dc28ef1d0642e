import i18next from 'i18next';
import { changeLanguage, initI18n, PSEUDO_LOCALE, pseudoString, registerPluginI18n } from './i18n';

describe('languages', () => {
  beforeAll(async () => {
    await initI18n('en');
    await registerPluginI18n({ namespace: 'probe', load: async () => ({ hello: 'Hello {{name}}', nested: { ok: 'Saved' } }) });
    await registerPluginI18n({ namespace: 'bilingual', languages: ['es'], load: async (lng) => (lng === 'es' ? { save: 'Guardar' } : { save: 'Save' }) });
  });
  afterAll(() => changeLanguage('en'));

  it('the pseudo-locale accents, lengthens and brackets text, and keeps placeholders as they are', () => {
    expect(pseudoString('Hello {{name}}, <1>see</1> $t(core:appName)')).toBe('⟦Ĥéļļö {{name}}, <1>šéé</1> $t(core:appName) ~~~~~~~~~~~~~~⟧');
    expect(pseudoString('Logout').length).toBeGreaterThan('Logout'.length * 1.3);
  });

  it('SHELL-069 Spanish has every shell string; a plugin without Spanish shows its English', async () => {
    await changeLanguage('es');
    expect(i18next.t('userMenu.logout')).toBe('Cerrar sesión');
    expect(i18next.t('hello', { ns: 'probe', name: 'Ada' })).toBe('Hello Ada');
    expect(i18next.t('save', { ns: 'bilingual' })).toBe('Guardar');
    expect(document.documentElement.lang).toBe('es');
  });

  it('the shell resources of every offered language have exactly the English keys', async () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    const en = (await import('./locales/en.json')).default;
    const es = (await import('./locales/es.json')).default;
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('the pseudo-locale covers the shell and every plugin; an unknown language is English', async () => {
    await changeLanguage(PSEUDO_LOCALE);
    expect(i18next.t('userMenu.logout')).toBe('⟦Ļöĝöûţ ~~⟧');
    expect(i18next.t('nested.ok', { ns: 'probe' })).toBe('⟦Šávéð ~~⟧');
    await changeLanguage('tlh');
    expect(i18next.language).toBe('en');
    expect(i18next.t('userMenu.logout')).toBe('Logout');
  });
});
