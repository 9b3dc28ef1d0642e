import {
  ApiClientToken,
  audienceBuilderLink,
  audiencesOverviewRoute,
  HomeCardToken,
  HomeSectionToken,
  type ApiClient,
  type HomeCard,
  type HomeSection,
} from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { ActivityStore, ActivityStoreToken } from './stores/ActivityStore';
import { AudienceDetailStore, AudienceDetailStoreToken } from './stores/AudienceDetailStore';
import { AudiencesStore, AudiencesStoreToken } from './stores/AudiencesStore';
import { RecentActivity } from './components/RecentActivity';

/** SHELL-102/103: the audience cards of the home page (DESIGN list: Optimized Audience, NLRR and its demo). */
export const audienceCards: HomeCard[] = [
  {
    id: 'audiences',
    titleKey: 'audiences:cards.audiences',
    descriptionKey: 'audiences:cards.audiencesText',
    icon: 'people',
    order: 10,
    module: 'audiences_overview',
    link: (s) => audiencesOverviewRoute.link(s),
  },
  {
    id: 'pve',
    titleKey: 'audiences:cards.pve',
    descriptionKey: 'audiences:cards.pveText',
    icon: 'predictive-analysis',
    order: 60,
    flag: 'pve',
    link: (s) => audienceBuilderLink(s, { setHierarchy: 'pve_product_category' }),
  },
  {
    id: 'nlrr',
    titleKey: 'audiences:cards.nlrr',
    descriptionKey: 'audiences:cards.nlrrText',
    icon: 'new-person',
    order: 70,
    flag: 'nlrr',
    link: (s) => audienceBuilderLink(s, { setHierarchy: 'nlrr' }),
  },
  {
    id: 'nlrr-demo',
    titleKey: 'audiences:cards.nlrrDemo',
    descriptionKey: 'audiences:cards.nlrrText',
    icon: 'new-person',
    order: 71,
    flag: 'nlrr_demo',
    hiddenWhenFlag: 'nlrr',
    link: (s) => audienceBuilderLink(s, { setHierarchy: 'nlrr' }),
  },
];

const recentActivity: HomeSection = { id: 'recent-audience-activity', order: 10, component: RecentActivity };

export const audiencesModule = new ContainerModule(({ bind }) => {
  bind(AudiencesStoreToken.symbol)
    .toDynamicValue((ctx) => new AudiencesStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
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
