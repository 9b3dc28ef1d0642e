import { IndexReportsToken } from '@discovery/insights-kit';
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
import i18next from 'i18next';
import { ContainerModule } from 'inversify';
import { IndexReportStore, IndexReportStoreToken } from './IndexReportStore';
import { NotificationsStore, NotificationsStoreToken } from './NotificationsStore';

export const notificationsModule = new ContainerModule(({ bind }) => {
  bind(NotificationsStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new NotificationsStore(
          ctx.get<ApiClient>(ApiClientToken.symbol),
          ctx.get<SessionStore>(SessionStoreToken.symbol),
          ctx.get<HierarchyStore>(HierarchyStoreToken.symbol),
          undefined,
          (state, name) => i18next.t(`event.${state}`, { ns: 'notifications', name }),
        ),
    )
    .inSingletonScope();
  bind(NotificationCenterToken.symbol).toService(NotificationsStoreToken.symbol);
  bind(NotificationBadgeToken.symbol).toService(NotificationsStoreToken.symbol);
  bind(IndexReportStoreToken.symbol)
    .toDynamicValue((ctx) => new IndexReportStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<NotificationsStore>(NotificationsStoreToken.symbol)))
    .inSingletonScope();
  bind(IndexReportsToken.symbol).toService(IndexReportStoreToken.symbol);
});

/** The notification center's data, badge and actions (the shell draws the panel), and index-report requests. */
export default definePlugin({
  id: 'notifications',
  titleKey: 'notifications:title',
  module: notificationsModule,
  provides: [NotificationCenterToken, NotificationBadgeToken, IndexReportsToken],
  activate: (ctx) => {
    ctx.get(NotificationsStoreToken).start();
  },
  i18n: { namespace: 'notifications', load: async () => (await import('./locales/en.json')).default },
});
