import { loadConfig, publicConfig } from './config';

/** Issue 14 §5: external addresses are configured or absent, never placeholder hosts. */
describe('external addresses', () => {
  it('are absent (null, no help entries) when the environment sets none', () => {
    const c = publicConfig(loadConfig({}));
    expect(c.support_url).toBeNull();
    expect(c.service_desk_url).toBeNull();
    expect(c.help_urls).toEqual({});
  });

  it('come from DISCOVERY_SUPPORT_URL, DISCOVERY_SERVICE_DESK_URL, DISCOVERY_HELP_CENTER_URL and DISCOVERY_HELP_PAGE_URL', () => {
    const c = publicConfig(
      loadConfig({
        DISCOVERY_SUPPORT_URL: 'https://support.acme.test/new',
        DISCOVERY_SERVICE_DESK_URL: 'https://desk.acme.test/access',
        DISCOVERY_HELP_CENTER_URL: 'https://help.acme.test',
        DISCOVERY_HELP_PAGE_URL: ' https://help.acme.test/pages ',
      }),
    );
    expect(c.support_url).toBe('https://support.acme.test/new');
    expect(c.service_desk_url).toBe('https://desk.acme.test/access');
    expect(c.help_urls).toEqual({ center: 'https://help.acme.test', page: 'https://help.acme.test/pages', support: 'https://support.acme.test/new' });
  });

  it('an empty value is unset; anything but an absolute http(s) address stops the start, naming the variable', () => {
    expect(loadConfig({ DISCOVERY_HELP_CENTER_URL: '' }).help_urls).toEqual({});
    expect(() => loadConfig({ DISCOVERY_HELP_CENTER_URL: 'javascript:alert(1)' })).toThrow(
      "DISCOVERY_HELP_CENTER_URL: 'javascript:alert(1)' is not an http(s) address",
    );
    expect(() => loadConfig({ DISCOVERY_SUPPORT_URL: 'support.acme.test' })).toThrow(
      "DISCOVERY_SUPPORT_URL: 'support.acme.test' is not an address (https://...)",
    );
  });
});

/** Issue 27 §2: the one small-base threshold every insight screen flags under, served to the client. */
describe('small base', () => {
  it('is 50 unless DISCOVERY_SMALL_BASE sets a whole number >= 0, and GET /api/v1/config serves it', () => {
    expect(publicConfig(loadConfig({})).small_base).toBe(50);
    expect(publicConfig(loadConfig({ DISCOVERY_SMALL_BASE: '100' })).small_base).toBe(100);
    expect(loadConfig({ DISCOVERY_SMALL_BASE: '0' }).small_base).toBe(0);
    expect(() => loadConfig({ DISCOVERY_SMALL_BASE: 'ten' })).toThrow("DISCOVERY_SMALL_BASE must be a whole number of at least 0 (got 'ten')");
  });
});
