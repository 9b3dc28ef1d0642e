import { audienceBuilderLink, audienceDetailRoute, audiencesOverviewRoute, InsightsPanelToken, RequestIndexReport } from '@discovery/insights-kit';
import { Button, Callout, Card, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { IndexBars } from '@discovery/charts';
import { Heading, LoadError, LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import {
  audienceTypeLabelKey,
  ConfigStoreToken,
  errorCode,
  errorMessageKey,
  formatCount,
  formatDate,
  HierarchyStoreToken,
  SessionStoreToken,
  ToastStoreToken,
  useOptionalService,
  useService,
} from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { RenameLookalikeDialog } from '../components/RenameLookalikeDialog';
import { describeRules } from '../describeRules';
import { AudienceDetailStoreToken } from '../stores/AudienceDetailStore';

/**
 * Audience detail (SHELL-022): rules in words, counts and the insight profile: the Insights panel
 * when the build has it (Person Level for this audience, Market Level surveys), else index bars.
 */
const DetailPage = observer(function DetailPage() {
  const { t } = useTranslation('audiences');
  const tc = useTranslation().t;
  const store = useService(AudienceDetailStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const config = useService(ConfigStoreToken);
  const toasts = useService(ToastStoreToken);
  const navigate = useNavigate();
  const { type, id } = useParams();
  const [renaming, setRenaming] = useState(false);
  const insights = useOptionalService(InsightsPanelToken);
  const context = hierarchy.fullSlug;

  const load = () => store.load(type, id, { profile: !insights });
  useEffect(() => {
    store.load(type, id, { profile: !insights });
  }, [store, type, id, context, insights]);
  const { item, seed, names, profile, error } = store;
  // A lookalike is its seed's rules over the modeled memberships (README); its custom tabs are none.
  const panelAudiences = useMemo(() => (item && seed ? [{ key: `${item.type}-${item.id}`, name: item.name, rules: seed.rules }] : []), [item, seed]);

  const overview = audiencesOverviewRoute.link(hierarchy.selection);
  if (error) {
    // Not there (or another context's): say so; anything else can be tried again.
    const gone = errorCode(error) === 'not_found' || errorCode(error) === 'forbidden';
    return (
      <StateMessage
        level={1}
        icon={gone ? 'search' : 'error'}
        title={gone ? t('detail.notFound') : tc('errors.loadFailed')}
        description={tc(errorMessageKey(error))}
        action={
          <>
            {!gone && <Button icon="refresh" text={tc('errors.retry')} onClick={load} />}
            <Link to={overview}>{t('detail.back')}</Link>
          </>
        }
        data-testid="detail-error"
      />
    );
  }
  if (!item || !seed) return <LoadingSpinner size={32} />;

  const words = describeRules(seed.rules, (sid) => names[sid] ?? sid);
  const categories = profile ? [...new Set(profile.rows.map((r) => r.category))] : [];
  const modeledLabel = config.isTier3 ? t('detail.modeledTier3') : t('detail.modeled');
  return (
    <section data-testid="audience-detail">
      <Link to={overview}>← {t('detail.back')}</Link>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8 }}>
        <PageTitle style={{ margin: 0 }} data-testid="detail-name">
          {item.name}
        </PageTitle>
        <Tag minimal>{tc(audienceTypeLabelKey(item))}</Tag>
        <span style={{ flex: 1 }} />
        <RequestIndexReport report={{ name: item.name, uiName: tc('indexReport.uiName', { name: item.name }), rules: seed.rules }} />
        {item.type === 'audience' && session.can('audiences', 'update') && (
          <Button icon="edit" text={t('overview.edit')} onClick={() => navigate(audienceBuilderLink(hierarchy.selection, { action: 'edit', id: item.id }))} />
        )}
        {item.type === 'lookalike' && session.can('audiences', 'update') && (
          <Button icon="edit" text={t('rename.button')} onClick={() => setRenaming(true)} data-testid="rename-lookalike" />
        )}
      </div>
      {renaming && item.type === 'lookalike' && (
        <RenameLookalikeDialog
          lookalike={item}
          onClose={() => setRenaming(false)}
          onRenamed={(l) => {
            setRenaming(false);
            toasts.success(t('rename.done', { name: l.name }));
          }}
        />
      )}
      <p className={Classes.TEXT_MUTED}>
        {item.created_by
          ? t('detail.created', { date: formatDate(item.created_at), who: item.created_by })
          : t('detail.createdAnon', { date: formatDate(item.created_at) })}
      </p>
      {item.type === 'audience' && <p>{item.description || <span className={Classes.TEXT_MUTED}>{t('detail.noDescription')}</span>}</p>}
      {item.type === 'lookalike' && (
        <p>
          {t('detail.seed')}: <Link to={audienceDetailRoute.link(hierarchy.selection, { type: 'audience', id: seed.id })}>{seed.name}</Link>
        </p>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 300px', gap: 24 }}>
        <Card>
          <Heading level={2} look={5}>
            {t('detail.rules')}
          </Heading>
          <div data-testid="detail-rules">
            {words.include.length > 0 && (
              <p>
                {t('detail.include')}{' '}
                {words.include.map((g, i) => (
                  <span key={i}>
                    {i > 0 && <strong> {t('detail.and')} </strong>}({g.join(` ${t('detail.or')} `)})
                  </span>
                ))}
              </p>
            )}
            {words.exclude.length > 0 && (
              <p>
                {t('detail.exclude')}{' '}
                {words.exclude.map((g, i) => (
                  <span key={i}>
                    {i > 0 && <strong> {t('detail.and')} </strong>}({g.join(` ${t('detail.or')} `)})
                  </span>
                ))}
              </p>
            )}
          </div>
        </Card>
        <Card data-testid="detail-counts">
          <Heading level={2} look={5}>
            {t('detail.counts')}
          </Heading>
          <HTMLTable compact style={{ width: '100%' }}>
            <tbody>
              <tr>
                <td>{t('detail.global')}</td>
                <td style={{ textAlign: 'right' }}>{formatCount(item.count.people.global)}</td>
              </tr>
              <tr>
                <td>{t('detail.region')}</td>
                <td style={{ textAlign: 'right' }}>{formatCount(item.count.people.region)}</td>
              </tr>
              {item.type === 'audience' && (
                <tr>
                  <td>{t('detail.matched')}</td>
                  <td style={{ textAlign: 'right' }}>{formatCount(item.count.matched)}</td>
                </tr>
              )}
              <tr>
                <td>{modeledLabel}</td>
                <td style={{ textAlign: 'right' }}>{formatCount(item.count.modeled)}</td>
              </tr>
            </tbody>
          </HTMLTable>
        </Card>
      </div>
      {insights ? (
        <div style={{ marginTop: 24 }} data-testid="detail-insights">
          <insights.Panel
            context="audience"
            owner={{ kind: 'audiences', id: item.type === 'audience' ? item.id : null }}
            audiences={panelAudiences}
            membership={item.type === 'lookalike' ? 'modeled' : 'matched'}
          />
        </div>
      ) : (
        <>
          <Heading level={2} look={5} style={{ marginTop: 24 }}>
            {t('detail.profile')}
          </Heading>
          <p className={Classes.TEXT_MUTED}>{t('detail.profileHint')}</p>
          {store.profileResource.error ? (
            <LoadError level={3} error={store.profileResource.error} onRetry={() => store.loadProfile()} data-testid="profile-error" />
          ) : !profile ? (
            <LoadingSpinner size={24} />
          ) : profile.audience === 0 ? (
            <Callout intent="warning">{tc('zeroCount.intro')}</Callout>
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))', gap: 16 }} data-testid="detail-profile">
              {categories.map((c) => (
                <Card key={c} compact>
                  <IndexBars
                    title={c}
                    series={[{ key: 'audience', name: item.name }]}
                    rows={profile.rows
                      .filter((r) => r.category === c)
                      .map((r) => ({
                        key: r.identifier,
                        label: r.name,
                        population: r.population_share,
                        values: [{ share: r.share, index: r.index, count: r.count }],
                      }))}
                    testId={`profile-${c}`}
                  />
                </Card>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
});

export default DetailPage;
