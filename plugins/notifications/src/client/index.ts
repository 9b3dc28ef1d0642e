import { definePlugin } from '@discovery/plugin-api';
import {
  ApiClientToken,
  HierarchyStoreToken,
  NotificationBadgeToken,
  NotificationCenterToken,
  SessionStoreToken,
  type ApiClient,
  type HierarchyStore,
  type SessionStore,
} from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { NotificationsStore, NotificationsStoreToken } from './NotificationsStore';

export const notificationsModule = new ContainerModule(({ bind }) => {
  bind(NotificationsStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new NotificationsStore(
          ctx.get<ApiClient>(ApiClientToken.symbol),
          ctx.get<SessionStore>(SessionStoreToken.symbol),
          ctx.get<HierarchyStore>(HierarchyStoreToken.symbol),
        ),
    )
    .inSingletonScope();
  bind(NotificationCenterToken.symbol).toService(NotificationsStoreToken.symbol);
  bind(NotificationBadgeToken.symbol).toService(NotificationsStoreToken.symbol);
});

/** The notification center's data, badge and actions (the shell draws the panel). */
export default definePlugin({
  id: 'notifications',
  titleKey: 'notifications:title',
  module: notificationsModule,
  provides: [NotificationCenterToken, NotificationBadgeToken],
  activate: (ctx) => {
    ctx.get(NotificationsStoreToken).start();
  },
  i18n: { namespace: 'notifications', load: async () => (await import('./locales/en.json')).default },
});
