import { ApiClientToken, ChangeFeedToken, ToastStoreToken, type ApiClient, type ChangeFeed, type ToastStore } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { JourneysUploadStoreToken, MekkosUploadStoreToken, PersonasUploadStoreToken, SurveysUploadStoreToken, UploadStore } from './stores/UploadStore';
import type { UploadScreen } from '../common';

/** The four screens' stores, bound with their first page (pageModule). */
export const uploadsModule = new ContainerModule(({ bind }) => {
  const screens: [UploadScreen, typeof SurveysUploadStoreToken][] = [
    ['surveys', SurveysUploadStoreToken],
    ['mekkos', MekkosUploadStoreToken],
    ['journeys', JourneysUploadStoreToken],
    ['personas', PersonasUploadStoreToken],
  ];
  for (const [screen, token] of screens)
    bind(token.symbol)
      .toDynamicValue((ctx) => {
        const feed = ctx.get<ChangeFeed>(ChangeFeedToken.symbol);
        return new UploadStore(screen, {
          api: ctx.get<ApiClient>(ApiClientToken.symbol),
          toast: ctx.get<ToastStore>(ToastStoreToken.symbol),
          changed: (topic) => feed.notify(topic),
        });
      })
      .inSingletonScope();
});
