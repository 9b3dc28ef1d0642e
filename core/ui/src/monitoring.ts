import { ApiClientToken, BrowserMonitoring, ConfigStoreToken, type ApiClient, type ConfigStore } from '@discovery/platform';
import { adminEndpoints } from '@discovery/plugin-api';
import type { Container } from 'inversify';
import { when } from 'mobx';

/**
 * Starts browser monitoring for a signed-in session (SHELL-119..122), from the lazy chunk the
 * app loads past sign-in: once the deployment's configuration is known, and only where it says
 * so, console errors and failed calls go to POST /api/v1/client-errors, which logs them with the
 * user. Answers the monitoring (started or not) for tests.
 */
export async function startMonitoring(container: Container, win: Window & typeof globalThis = window): Promise<BrowserMonitoring> {
  const api = container.get<ApiClient>(ApiClientToken.symbol);
  const configStore = container.get<ConfigStore>(ConfigStoreToken.symbol);
  const monitoring = new BrowserMonitoring({
    send: (errors) => api.call(adminEndpoints.clientErrors, { body: { errors } }, { silent: true, noRefreshLogin: true }),
  });
  await when(() => configStore.resource.status === 'ready' || configStore.resource.status === 'error');
  const config = configStore.config;
  if (!config || !monitoring.start(config)) return monitoring;
  monitoring.install(win);
  api.failureListener = (f) => monitoring.report({ kind: 'network', message: f.message, url: f.url, status: f.status });
  win.addEventListener('pagehide', () => monitoring.flush().catch(() => undefined));
  return monitoring;
}
