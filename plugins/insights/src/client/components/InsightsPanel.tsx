import { type InsightsLevel, AUDIENCE_DRAFT_STATE, audienceBuilderLink, isSmallBase, useSmallBase, type InsightsPanelProps } from '@discovery/insights-kit';
import { MARKET_LEVEL_CHANGED } from '@discovery/insights-kit/common';
import { Button, Callout, Card, Classes, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { IndexBars, SmallBaseLegend, type IndexRow } from '@discovery/charts';
import { ConfirmDialog, Heading, LoadError, LoadingSpinner } from '@discovery/ui';
import {
  ApiClientToken,
  ChangeFeedToken,
  ConfigStoreToken,
  errorMessageKey,
  HierarchyStoreToken,
  SessionStoreToken,
  ToastStoreToken,
  useOptionalService,
  useService,
} from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEMOGRAPHICS_TAB_KEY, surveyShares, type InsightWidgetDto, type ProfileWidgetDto } from '../../common';
import { InsightsPanelStore, type WidgetTarget } from '../stores/InsightsPanelStore';
import { WidgetForm } from './WidgetForm';

interface Editing {
  target: WidgetTarget;
  level: InsightsLevel;
  widget: InsightWidgetDto | null;
}

/**
 * The Insights panel (GROW-081/082, JRN-008, OVL-011, EXP-007): Market Level (survey values of the
 * region and the screen's custom tabs) and Person Level (the selected audiences profiled by the
 * count engine, the built-in demographic tab and custom ones), each widget a bar chart of
 * attribute percentages with the index against the population. The screen places it through
 * `InsightsPanelToken` and may drive the top-level tab.
 */
const InsightsPanel = observer(function InsightsPanel(props: InsightsPanelProps) {
  const { t } = useTranslation('insights');
  const api = useService(ApiClientToken);
  const session = useService(SessionStoreToken);
  const config = useService(ConfigStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const toasts = useService(ToastStoreToken);
  const navigate = useNavigate();
  const headingId = useId();
  const [store] = useState(() => new InsightsPanelStore({ api, can: (r, a) => session.can(r, a), isTier3: () => config.isTier3 }, props));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ target: WidgetTarget; level: InsightsLevel; widget: { id: number; name: string } } | null>(null);

  // The screen's props reach the store after each render, before paint (not during render: MobX
  // refuses state changes inside an observer's render). Effects below run after it.
  useLayoutEffect(() => store.setProps(props));
  const context = hierarchy.fullSlug;
  const tabsKey = JSON.stringify([props.owner, props.tabsConfig ?? null, props.context]);
  const profileKey = JSON.stringify([props.owner, props.membership ?? 'matched', props.audiences.map((a) => [a.name, a.rules])]);
  useEffect(() => {
    store.loadTabs();
  }, [store, tabsKey, context]);
  useEffect(() => {
    store.loadProfile();
  }, [store, profileKey, context]);
  // UPL-007: an upload wrote Market Level (surveys, widgets): the tabs load again.
  const feed = useOptionalService(ChangeFeedToken);
  useEffect(() => feed?.subscribe(MARKET_LEVEL_CHANGED, () => store.loadTabs()), [feed, store]);

  const level = store.level;
  const convert = store.convert({ permission: t('convertNoPermission'), one: t('convertOne') });

  const actions = (target: WidgetTarget, lvl: InsightsLevel, widget: InsightWidgetDto | null) =>
    widget && store.canEdit(target, 'update') ? (
      <>
        <Button
          small
          icon="edit"
          aria-label={t('editWidget', { name: widget.name })}
          onClick={() => setEditing({ target, level: lvl, widget })}
          data-testid="widget-edit"
        />
        {store.canEdit(target, 'destroy') && (
          <Button
            small
            icon="trash"
            aria-label={t('deleteWidget', { name: widget.name })}
            onClick={() => setDeleting({ target, level: lvl, widget })}
            data-testid="widget-delete"
          />
        )}
      </>
    ) : null;

  return (
    <Card aria-labelledby={headingId} role="region" data-testid="insights-panel" style={{ padding: 16 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        {/* A section of the page beside the chart: the level after the page's h1, whatever the page
            (a page without its own h2 had 'Insights' skip a level), drawn as before. */}
        <Heading level={2} look={3} id={headingId} style={{ margin: 0, flex: '1 1 auto' }}>
          {t('title')}
        </Heading>
        {level === 'market' && store.canEdit('region', 'create') && (
          <Button
            icon="globe"
            text={t('regionDemographic')}
            onClick={() => setEditing({ target: 'region', level: 'market', widget: null })}
            data-testid="insights-region-form"
          />
        )}
        {level && store.canEditOwner && (
          <Button icon="add" text={t('addWidget')} onClick={() => setEditing({ target: 'owner', level, widget: null })} data-testid="insights-add-widget" />
        )}
        {convert.shown && (
          <Button
            intent="primary"
            icon="people"
            text={t('convert')}
            disabled={convert.disabled}
            title={convert.reason ?? undefined}
            data-testid="insights-convert"
            onClick={() => {
              const c = props.convert!;
              navigate(audienceBuilderLink(hierarchy.selection, { action: 'savePersona', referer: c.referer, returnUrl: c.returnUrl }), {
                state: { [AUDIENCE_DRAFT_STATE]: { name: c.name, rules: props.audiences[0].rules } },
              });
            }}
          />
        )}
      </div>
      {level === null ? (
        <NonIdealState icon="eye-off" description={t('allHidden')} />
      ) : (
        <>
          <div role="group" aria-label={t('levelsLabel')}>
            {/* Each tab has its panel (the selected one's content, an empty one for the others), so every tab's aria-controls names an element. */}
            <Tabs id={`${headingId}-levels`} selectedTabId={level} onChange={(id) => store.setLevel(id as InsightsLevel)} large>
              {store.levels.map((l) => (
                <Tab
                  key={l}
                  id={l}
                  title={t(`levels.${l}`)}
                  data-testid={`insights-level-${l}`}
                  panel={
                    l === level ? (
                      <div style={{ marginTop: 12 }}>
                        {level === 'market' ? <MarketLevel store={store} actions={actions} /> : <PersonLevel store={store} actions={actions} />}
                      </div>
                    ) : (
                      <></>
                    )
                  }
                />
              ))}
            </Tabs>
          </div>
        </>
      )}
      {editing && (
        <WidgetForm
          target={editing.target}
          level={editing.level}
          tabs={store.tabsFor(editing.target, editing.level)}
          widget={editing.widget}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            const refused = await store.saveWidget(editing.target, editing.widget?.id ?? null, input);
            if (!refused) toasts.success(t('saved'));
            return refused;
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={deleting ? t('deleteWidget', { name: deleting.widget.name }) : ''}
        cancelButtonText={t('form.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const d = deleting!;
          setDeleting(null);
          store.deleteWidget(d.target, d.widget.id, d.level).then(
            () => toasts.success(t('deleted')),
            (e: Error) => toasts.error(e.message),
          );
        }}
        title={deleting ? t('deleteWidget', { name: deleting.widget.name }) + '?' : ''}
      />
    </Card>
  );
});

type Actions = (target: WidgetTarget, level: InsightsLevel, widget: InsightWidgetDto | null) => React.ReactNode;

/** A level's tabs, the active tab's content (`children`) as its panel; with one tab, the content alone. */
const InnerTabs = observer(function InnerTabs({
  store,
  level,
  tabs,
  active,
  children,
}: {
  store: InsightsPanelStore;
  level: InsightsLevel;
  tabs: { key: string; title: string }[];
  active: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('insights');
  if (tabs.length < 2) return <>{children}</>;
  // Blueprint's tablist takes no name: the group around it carries it.
  return (
    <div role="group" aria-label={t('tabsLabel', { level: t(`levels.${level}`) })} data-testid={`insights-${level}-tabs`}>
      <Tabs id={`insights-${level}-tabs`} selectedTabId={active} onChange={(id) => store.selectTab(level, String(id))}>
        {tabs.map((x) => (
          <Tab key={x.key} id={x.key} title={x.title} panel={x.key === active ? <>{children}</> : <></>} />
        ))}
      </Tabs>
    </div>
  );
});

const MarketLevel = observer(function MarketLevel({ store, actions }: { store: InsightsPanelStore; actions: Actions }) {
  const { t } = useTranslation('insights');
  const tabs = store.marketTabs;
  if (store.tabs.error) return <LoadError level={4} error={store.tabs.error} onRetry={() => store.loadTabs()} data-testid="insights-tabs-error" />;
  if (tabs.length === 0) return store.tabsLoading ? <LoadingSpinner size={24} /> : <NonIdealState icon="th-list" description={t('noMarketTabs')} />;
  const active = tabs.find((x) => x.key === store.activeTab('market')) ?? tabs[0];
  return (
    <div data-testid="insights-market">
      <InnerTabs
        store={store}
        level="market"
        tabs={tabs.map((x) => ({ key: x.key, title: x.target === 'region' ? t('regionTab', { name: x.tab.name }) : x.tab.name }))}
        active={active.key}
      >
        {active.tab.widgets.length === 0 && <p className={Classes.TEXT_MUTED}>{t('noWidgets')}</p>}
        <div style={{ display: 'grid', gap: 16, marginTop: 8 }}>
          {active.tab.widgets.map((w) => {
            const shares = surveyShares(w.attributes);
            const rows: IndexRow[] = w.attributes.map((a, i) => ({
              key: String(a.id),
              label: a.name,
              population: null,
              values: [{ share: shares[i], index: null }],
            }));
            return (
              <IndexBars
                key={w.id}
                title={w.name}
                rows={rows}
                series={[{ key: 'survey', name: t('survey') }]}
                actions={actions(active.target, 'market', w)}
                testId={`insights-widget-${w.id}`}
              />
            );
          })}
        </div>
      </InnerTabs>
    </div>
  );
});

const PersonLevel = observer(function PersonLevel({ store, actions }: { store: InsightsPanelStore; actions: Actions }) {
  const { t } = useTranslation('insights');
  const tc = useTranslation().t;
  const smallBase = useSmallBase();
  const audiences = store.props.audiences;
  if (audiences.length === 0) return <NonIdealState icon="people" description={t('selectAudience')} />;
  if (store.profileError && !store.profile) {
    return (
      <Callout intent="warning" data-testid="insights-profile-error">
        {t('profileFailed', { message: tc(errorMessageKey(store.profileError)) })}{' '}
        <Button small minimal icon="refresh" text={tc('errors.retry')} onClick={() => store.loadProfile()} />
      </Callout>
    );
  }
  const p = store.profile;
  if (!p) return <LoadingSpinner size={24} />;
  if (p.audiences.every((a) => a.size === 0)) return <Callout intent="warning">{t('zeroCount')}</Callout>;
  const series = p.audiences.map((a, i) => ({ key: audiences[i]?.key ?? String(i), name: a.name }));
  const more = audiences.length > store.compared.length;
  const title = (key: string, name: string) => (key === DEMOGRAPHICS_TAB_KEY ? t('demographics') : name);
  const active = p.tabs.find((x) => x.key === store.activeTab('person')) ?? p.tabs[0];
  const rowsOf = (w: ProfileWidgetDto): IndexRow[] =>
    w.rows
      .filter((r) => !r.unavailable)
      .map((r) => ({
        key: r.identifier,
        label: r.name,
        population: r.population_share,
        // Issue 27 §2: a share and index from fewer people than the threshold are marked.
        values: r.values.map((v) => ({ share: v.share, index: v.index, count: v.count, smallBase: isSmallBase(v.count, smallBase) })),
      }));
  return (
    <div data-testid="insights-person" aria-busy={store.profileLoading}>
      <InnerTabs store={store} level="person" tabs={p.tabs.map((x) => ({ key: x.key, title: title(x.key, x.name) }))} active={active.key}>
        <SmallBaseLegend threshold={smallBase} testId="insights-small-base-legend" />
        {more && (
          <Callout intent="primary" style={{ marginTop: 8 }} data-testid="insights-compared-first">
            {t('comparedFirst', { shown: store.compared.length, count: audiences.length })}
          </Callout>
        )}
        <div style={{ display: 'grid', gap: 16, marginTop: 8 }}>
          {active.widgets.map((w) => {
            const gone = w.rows.filter((r) => r.unavailable).map((r) => r.name);
            const saved = w.id !== null ? (store.ownerWidget(w.id)?.widget ?? null) : null;
            return (
              <div key={w.key}>
                <IndexBars
                  title={w.name}
                  rows={rowsOf(w)}
                  series={series}
                  smallBase={smallBase}
                  actions={actions('owner', 'person', saved)}
                  testId={`insights-widget-${w.key}`}
                />
                {gone.length > 0 && (
                  <Callout intent="warning" style={{ marginTop: 4 }}>
                    {t('unavailable', { names: gone.join(', ') })}
                  </Callout>
                )}
              </div>
            );
          })}
        </div>
      </InnerTabs>
    </div>
  );
});

export default InsightsPanel;
