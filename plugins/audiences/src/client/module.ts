import { audienceBuilderRoute, audienceBuilderSearch, audiencesOverviewRoute } from '@discovery/insights-kit';
import { ApiClientToken, HomeCardToken, HomeSectionToken, type ApiClient, type HomeCard, type HomeSection } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { ActivityStore, ActivityStoreToken } from './stores/ActivityStore';
import { AudienceDetailStore, AudienceDetailStoreToken } from './stores/AudienceDetailStore';
import { AudiencesStore, AudiencesStoreToken } from './stores/AudiencesStore';
import { SharingStore, SharingStoreToken } from './stores/SharingStore';
import { RecentActivity } from './components/RecentActivity';

/**
 * SHELL-102/103: the audience cards of the home page (DESIGN list: Optimized Audience, NLRR and its
 * demo). Each targets its page, so it shows only where that page opens: the builder cards need
 * audiences.create (the builder route's `requires`), every card a product in the context.
 */
export const audienceCards: HomeCard[] = [
  {
    id: 'audiences',
    titleKey: 'audiences:cards.audiences',
    descriptionKey: 'audiences:cards.audiencesText',
    icon: 'people',
    order: 10,
    module: 'audiences_overview',
    target: audiencesOverviewRoute,
  },
  {
    id: 'pve',
    titleKey: 'audiences:cards.pve',
    descriptionKey: 'audiences:cards.pveText',
    icon: 'predictive-analysis',
    order: 60,
    flag: 'pve',
    target: audienceBuilderRoute,
    search: audienceBuilderSearch({ setHierarchy: 'pve_product_category' }),
  },
  {
    id: 'nlrr',
    titleKey: 'audiences:cards.nlrr',
    descriptionKey: 'audiences:cards.nlrrText',
    icon: 'new-person',
    order: 70,
    flag: 'nlrr',
    target: audienceBuilderRoute,
    search: audienceBuilderSearch({ setHierarchy: 'nlrr' }),
  },
  {
    id: 'nlrr-demo',
    titleKey: 'audiences:cards.nlrrDemo',
    descriptionKey: 'audiences:cards.nlrrText',
    icon: 'new-person',
    order: 71,
    flag: 'nlrr_demo',
    hiddenWhenFlag: 'nlrr',
    target: audienceBuilderRoute,
    search: audienceBuilderSearch({ setHierarchy: 'nlrr' }),
  },
];

const recentActivity: HomeSection = { id: 'recent-audience-activity', order: 10, component: RecentActivity };

export const audiencesModule = new ContainerModule(({ bind }) => {
  bind(AudiencesStoreToken.symbol)
    .toDynamicValue((ctx) => new AudiencesStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(SharingStoreToken.symbol)
    .toDynamicValue((ctx) => new SharingStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(ActivityStoreToken.symbol)
    .toDynamicValue((ctx) => new ActivityStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(AudienceDetailStoreToken.symbol)
    .toDynamicValue((ctx) => new AudienceDetailStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  for (const card of audienceCards) bind(HomeCardToken.symbol).toConstantValue(card);
  bind(HomeSectionToken.symbol).toConstantValue(recentActivity);
});
