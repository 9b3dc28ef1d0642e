import { Callout, Card, Classes, H1, Icon, type IconName } from '@blueprintjs/core';
import { brandsAdminRoutes } from '@discovery/plugin-api';
import {
  HierarchyStoreToken,
  homeCardLink,
  homeCardVisible,
  HomeCardToken,
  HomeSectionToken,
  markDrawn,
  Resource,
  RouteTableToken,
  SessionStoreToken,
  useContributions,
  useService,
  type HomeCard,
} from '@discovery/platform';
import { Heading } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fullName } from '../../common';

/**
 * SHELL-101..104: the quick-link cards plugins contribute, by flag, module and data availability,
 * and only those whose page opens from this context for this user (the route's own predicate).
 */
const QuickLinks = observer(function QuickLinks() {
  const { t } = useTranslation();
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const routes = useService(RouteTableToken);
  const cards = useContributions(HomeCardToken);
  /** The data cards with data in this context; the latest context's answers win (a card that cannot tell is hidden). */
  const [dataCards] = useState(() => new Resource<ReadonlySet<string>>(new Set()));
  const withData = dataCards.data;
  const selection = hierarchy.selection;

  useEffect(() => {
    dataCards.load(async () => {
      const ids = await Promise.all(cards.filter((c) => c.hasData).map(async (c) => ((await c.hasData!(selection).catch(() => false)) ? c.id : null)));
      return new Set(ids.filter((x): x is string => x !== null));
    });
    return () => dataCards.abort();
    // The store replaces `selection` only when the context changes, so this runs once per context.
  }, [cards, selection, dataCards]);

  const visible = cards
    .filter(
      (c: HomeCard) =>
        homeCardVisible(c, hierarchy.featureFlags, hierarchy.modules) && routes.canOpen(c.target, session.snapshot) && (!c.hasData || withData.has(c.id)),
    )
    .sort((a, b) => a.order - b.order);
  if (!visible.length) return null;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12, margin: '16px 0 24px' }} data-testid="home-cards">
      {visible.map((c) => (
        <Link key={c.id} to={homeCardLink(c, selection)} style={{ textDecoration: 'none', color: 'inherit' }} data-testid={`home-card-${c.id}`}>
          <Card interactive compact style={{ height: '100%' }}>
            <Heading level={2} look={5} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Icon icon={c.icon as IconName} /> {t(c.titleKey)}
            </Heading>
            <p className={Classes.TEXT_MUTED} style={{ margin: 0 }}>
              {t(c.descriptionKey)}
            </p>
          </Card>
        </Link>
      ))}
    </div>
  );
});

/** Home of a region or a product: greeting (SHELL-098), impersonation notice (SHELL-099), cards and sections. */
const HomePage = observer(function HomePage() {
  const { t } = useTranslation('home');
  const session = useService(SessionStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const routes = useService(RouteTableToken);
  const sections = useContributions(HomeSectionToken).sort((a, b) => a.order - b.order);
  const me = session.me;
  const { client, region, brand } = hierarchy.nodes;
  // npm run bench:screens: the baseline, a product home greeting its user.
  useEffect(() => {
    if (me) markDrawn('home');
  }, [me]);
  if (!me) return null;
  return (
    <section data-testid="home-page">
      <H1>{t('greeting', { name: fullName(me) })}</H1>
      {me.impersonating && (
        <Callout intent="warning" icon="eye-open" style={{ marginBottom: 16 }} data-testid="impersonation-notice">
          {t('impersonating', { name: fullName(me) })}
        </Callout>
      )}
      {region && !brand && region.brands.length === 0 && (
        <Callout intent="primary" data-testid="region-without-brands">
          <p>{t('regionWithoutBrands', { region: region.name })}</p>
          {client && routes.canOpen(brandsAdminRoutes.region, session.snapshot) && (
            <Link to={brandsAdminRoutes.region.link(hierarchy.selection)}>{t('openBrandAdmin')}</Link>
          )}
        </Callout>
      )}
      <QuickLinks />
      {sections.map(({ id, component: Section }) => (
        <Section key={id} />
      ))}
    </section>
  );
});

export default HomePage;
