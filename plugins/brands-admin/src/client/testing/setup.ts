import { ConfigStoreToken, ErrorBannerStoreToken, HierarchyStoreToken, SessionStoreToken, ToastStoreToken } from '@discovery/platform';
import { createTestContainer, type FakeServer } from '@discovery/test-utils';
import plugin from '../index';
import { BrandsAdminStoreToken } from '../stores/BrandsAdminStore';

/** A booted container with the plugin, a signed-in session and the store showing `client`. */
export async function storeFor(server: FakeServer, client = 'acme', region?: string) {
  server.install();
  const boot = await createTestContainer([plugin]);
  const get = <T>(token: { symbol: symbol; __type?: T }) => boot.container.get<T>(token.symbol);
  const config = get(ConfigStoreToken);
  const session = get(SessionStoreToken);
  const hierarchy = get(HierarchyStoreToken);
  await config.load();
  await session.init();
  hierarchy.select({ client, region });
  const store = get(BrandsAdminStoreToken);
  await store.show(client, region);
  return { boot, store, hierarchy, session, toasts: get(ToastStoreToken), banner: get(ErrorBannerStoreToken) };
}
