import {
  FilterBar,
  type HostTab,
  InsightsPanelToken,
  ShellModalsToken,
  InvalidAudiencesDialog,
  SavedChartDropdown,
  RequestIndexReport,
  SaveAudienceButton,
  isSmallBase,
  useSmallBase,
} from '@discovery/insights-kit';
import { Button, ButtonGroup, Callout, Classes, Tab, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { Mekko, SmallBaseLegend, type MekkoMarket } from '@discovery/charts';
import { discussionsUploadRoute } from '@discovery/plugin-discussions/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import {
  ApiClientToken,
  ConfigStoreToken,
  formatCount,
  HierarchyStoreToken,
  markDrawn,
  RouteTableToken,
  SessionStoreToken,
  useOptionalService,
  useService,
} from '@discovery/platform';
import { AppDialog, ConfirmDialog, LoadError, LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  audienceDraft,
  growRoute,
  lowTvNotice,
  marketCount,
  saveAudienceDisabled,
  subMarketCount,
  segmentFor,
  tabTooltip,
  tvLabel,
  type GrowCounts,
  type MarketDto,
  type MekkoDto,
  type MekkoSummaryDto,
  type SubMarketDto,
} from '../../common';
import { AudienceForm } from '../components/AudienceForm';
import { ChartForm } from '../components/ChartForm';
import { MarketForm } from '../components/MarketForm';
import { MarketList } from '../components/MarketList';
import { PredictionsView } from '../components/PredictionsView';
import { useOnceHint } from '../hints';
import { GrowStoreToken } from '../stores/GrowStore';
import { SnapshotsStoreToken } from '../stores/SnapshotsStore';

const CREATE_AUDIENCE_SINGLE = 'create_audience_single';

/** The chart's markets as the mekko draws them: counts of the tab, the matched segment's path, the small-base mark. */
function mekkoMarkets(
  m: MekkoDto,
  counts: GrowCounts,
  tab: HostTab,
  segments: Record<string, { path?: string } | undefined>,
  smallBase: number,
): MekkoMarket[] {
  return m.markets.map((k) => ({
    id: k.id,
    name: k.name,
    count: marketCount(k, tab, counts),
    subMarkets: k.sub_markets.map((s) => {
      const count = subMarketCount(s, tab, counts);
      return {
        id: s.id,
        name: s.name,
        count,
        tag: s.tag,
        detail: s.matched_short_id ? segments[s.matched_short_id]?.path : undefined,
        // Issue 27 §2: the audience's share and insights rest on its count.
        smallBase: isSmallBase(count, smallBase),
      };
    }),
  }));
}

/**
 * The Grow screen (001 §2.2): the chart picker and its actions, the filter bar with Save
 * Audience, the gutter, the three tabs, the mekko drawn to scale with the markets' cards beside
 * the Insights panel, and the forms and dialogs of Grow's rules.
 */
const GrowPage = observer(function GrowPage() {
  const { t } = useTranslation('insights-grow');
  const store = useService(GrowStoreToken);
  const snapshots = useService(SnapshotsStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const routes = useService(RouteTableToken);
  const config = useService(ConfigStoreToken);
  const modals = useService(ShellModalsToken);
  const api = useService(ApiClientToken);
  const insights = useOptionalService(InsightsPanelToken);
  const navigate = useNavigate();
  const params = useParams();
  const context = hierarchy.fullSlug;
  const routeId = params.mekkoId && /^[0-9]+$/.test(params.mekkoId) ? Number(params.mekkoId) : null;
  const tier3 = config.isTier3;
  const suffix = config.config?.tier3_weights_suffix ?? '';

  const [chartForm, setChartForm] = useState<{ chart: MekkoSummaryDto | null } | null>(null);
  const [marketForm, setMarketForm] = useState<{ market: MarketDto | null } | null>(null);
  const [audienceForm, setAudienceForm] = useState<{ marketId: number; audience: SubMarketDto | null } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [topLevelPerson, setTopLevelPerson] = useState(false);

  const canCreate = session.can('mekkos', 'create');
  const canUpdate = session.can('mekkos', 'update');
  const canDestroy = session.can('mekkos', 'destroy');
  const go = (id: number | null): void => {
    navigate(growRoute.link(hierarchy.selection, id ? { mekkoId: id } : {}), { replace: false });
  };
  const closeInvalid = async () => {
    const next = await store.dismissInvalid();
    if (next !== null) go(next);
  };

  // 'Try again' after the list failed opens the screen once more.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // open() never rejects (its failure is the store's error state) and navigating does not either.
    store.open(context, routeId, { tier3, weightsSuffix: suffix }).then(
      (id) => {
        if (live && id !== null && id !== routeId) navigate(growRoute.link(hierarchy.selection, { mekkoId: id }), { replace: true });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // The selection is replaced only when the context changes (HierarchyStore.select); navigate
    // changes with the path, which routeId or context follow: neither opens the chart again by itself.
  }, [store, context, routeId, tier3, suffix, attempt, navigate, hierarchy.selection]);

  // GROW-041/042: pre-populated charts for clients whose admin tabs give Grow a top-level person tab.
  useEffect(() => {
    if (!chartForm || chartForm.chart || !canCreate) return;
    store.loadVerticals();
    api
      .call(insightsEndpoints.adminTabs, {}, { silent: true })
      .then((tabs) =>
        setTopLevelPerson(
          tabs.some((x) => x.tab_key === 'top_level_person' && x.insights_context === 'grow' && !x.excluded_regions.includes(hierarchy.selection.region ?? '')),
        ),
      )
      .catch(() => setTopLevelPerson(false));
  }, [chartForm, canCreate, store, api, hierarchy.selection.region]);

  const m = store.mekko;
  // EXP-044: the snapshot model follows the chart on screen (another chart or product clears the loaded snapshot).
  const mekkoId = m?.id ?? null;
  useEffect(() => {
    void snapshots.follow(context, mekkoId);
  }, [snapshots, context, mekkoId]);
  const selected = store.selectedSubMarkets;
  const hint = useOnceHint(selected.length > 1 ? 'grow_hint_many' : 'grow_hint_one', !store.showInsights && selected.length > 0);

  const smallBase = useSmallBase();
  // What is drawn follows the chart, its counts, the tab and the segments' paths (read once here,
  // so the memo names everything it uses).
  const { counts, tab, segments } = store;
  const chartMarkets: MekkoMarket[] | null = useMemo(
    () => (m ? mekkoMarkets(m, counts, tab, segments, smallBase) : null),
    [m, counts, tab, segments, smallBase],
  );

  // A list that failed ends in its error state with a retry, never in a spinner (issue 24 §3).
  if (!store.list && store.charts.error) return <LoadError level={1} title={t('title')} error={store.charts.error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (store.error && !store.list) return <StateMessage level={1} icon="error" title={t('title')} description={store.error} />;
  if (!store.list) return <LoadingSpinner size={32} />;

  const panelAudiences = selected.map((s) => {
    const id = segmentFor(s, store.tab === 'total' ? 'matched' : store.tab, tier3);
    return { key: String(s.id), name: s.name, rules: { include: { and: id ? [{ or: [id] }] : [] } } };
  });
  const segmentsAllowed = (ids: string[]) => ids.every((id) => store.segments[id]?.data_permissions?.includes(CREATE_AUDIENCE_SINGLE) ?? false);
  const saveReason = saveAudienceDisabled({
    selected,
    tab: store.tab,
    tier3,
    canCreateAudiences: session.can('audiences', 'create'),
    segmentsAllowed,
    // GROW-083 / A-22: two or more audiences are compared side by side in the Insights panel.
    compare: selected.length > 1,
  });
  // GROW-057: no copy while a chart with invalid identifiers is on screen (a selected chart has none: it was checked).
  const invalidCopy = !!store.pendingInvalid;
  const returnUrl = m ? `insights/grow/${m.id}` : 'insights/grow';
  const tvLow = store.isTv && m ? m.markets.some((k) => k.sub_markets.some((s) => tvLabel(store.subCount(s), store.tv!, formatCount) === '-')) : false;

  const header = (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <PageTitle style={{ margin: 0, marginRight: 16 }}>{t('title')}</PageTitle>
      {store.list.length > 0 && (
        <SavedChartDropdown
          testIdPrefix="grow-chart"
          charts={store.list}
          value={m?.id ?? null}
          onChange={go}
          onEdit={canCreate ? (id) => setChartForm({ chart: store.list!.find((x) => x.id === id) ?? null }) : null}
        />
      )}
      <ButtonGroup>
        {canCreate && (
          <Button icon="add" aria-label={t('create')} title={t('create')} onClick={() => setChartForm({ chart: null })} data-testid="grow-create" />
        )}
        {canUpdate && m && <Button icon="edit" aria-label={t('edit')} title={t('edit')} onClick={() => setChartForm({ chart: m })} data-testid="grow-edit" />}
        {canCreate && m && (
          <Button
            icon="duplicate"
            aria-label={t('copy')}
            title={invalidCopy ? t('copyBlocked') : t('copy')}
            disabled={invalidCopy || store.busy}
            onClick={async () => {
              const id = await store.copyChart(m.id);
              if (id) go(id);
            }}
            data-testid="grow-copy"
          />
        )}
        {canDestroy && m && <Button icon="trash" aria-label={t('delete')} title={t('delete')} onClick={() => setDeleting(true)} data-testid="grow-delete" />}
      </ButtonGroup>
      {(store.busy || store.countsLoading) && <LoadingSpinner size={16} />}
    </div>
  );

  if (!m && !store.pendingInvalid) {
    return (
      <section data-testid="grow-page" style={{ padding: 16 }}>
        {header}
        {store.list.length === 0 && (
          <StateMessage
            level={2}
            icon="grid-view"
            title={t('empty.title')}
            description={canCreate ? t('empty.canCreate') : t('empty.cannotCreate')}
            action={canCreate ? <Button intent="primary" icon="add" text={t('create')} onClick={() => setChartForm({ chart: null })} /> : undefined}
          />
        )}
        {renderForms()}
      </section>
    );
  }

  function renderForms() {
    const market = audienceForm ? m?.markets.find((k) => k.id === audienceForm.marketId) : undefined;
    return (
      <>
        <ChartForm
          isOpen={!!chartForm}
          onClose={() => setChartForm(null)}
          chart={chartForm?.chart ?? null}
          charts={store.list ?? []}
          verticals={store.verticals}
          canPrePopulate={canCreate && topLevelPerson}
          canChangeCountType={canUpdate && store.tv !== null}
          busy={store.busy}
          onSave={async (input) => {
            const r = await store.saveChart(input, chartForm?.chart?.id ?? null);
            if (r.ok) {
              setChartForm(null);
              if (!chartForm?.chart) go(r.value.result.mekko.id);
            }
            return r;
          }}
        />
        {m && (
          <MarketForm
            isOpen={!!marketForm}
            onClose={() => setMarketForm(null)}
            market={marketForm?.market ?? null}
            markets={m.markets}
            canDelete={canDestroy}
            busy={store.busy}
            onSave={async (input) => {
              const r = await store.saveMarket(input, marketForm?.market?.id ?? null);
              if (r.ok) setMarketForm(null);
              return r;
            }}
            onDelete={async () => {
              const ok = await store.deleteMarket(marketForm!.market!.id);
              if (ok) setMarketForm(null);
              return ok;
            }}
          />
        )}
        {m && (
          <AudienceForm
            isOpen={!!audienceForm}
            onClose={() => setAudienceForm(null)}
            audience={audienceForm?.audience ?? null}
            siblings={market?.sub_markets ?? []}
            vertical={m.vertical_type !== null}
            tier3={tier3}
            weborama={hierarchy.featureFlags.weborama === true}
            canDelete={canDestroy}
            busy={store.busy}
            segmentName={(id) => store.segments[id]?.name ?? id}
            // Issue 27 §6: a link only to a page this user can open (else no link, not 'Missing Permissions').
            discussionsUploadHref={routes.canOpen(discussionsUploadRoute, session.snapshot) ? discussionsUploadRoute.link(hierarchy.selection) : null}
            onSave={async (input) => {
              const r = await store.saveSubMarket(input, audienceForm?.audience?.id ?? null, audienceForm!.marketId);
              if (r.ok) {
                setAudienceForm(null);
                // GROW-075 / EXP-044: an edited audience left the snapshots it was in.
                void snapshots.refreshActive();
              }
              return r;
            }}
            onDelete={async () => {
              const ok = await store.deleteSubMarket(audienceForm!.audience!.id);
              if (ok) {
                setAudienceForm(null);
                void snapshots.refreshActive();
              }
              return ok;
            }}
          />
        )}
      </>
    );
  }

  const pending = store.pendingInvalid;
  const tabs = store.orderedTabs;

  return (
    <section data-testid="grow-page" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {header}

      {/* GROW-007: the filter bar (the kit's): the selected audiences, the segment filters, Save Audience. */}
      <FilterBar
        label={t('filters.label')}
        testId="grow-filters"
        testIdPrefix="grow"
        filters={store.filters}
        onAdd={(f) => store.addFilters(f)}
        onRemove={(id) => store.removeFilter(id)}
        onClear={() => store.clearAll()}
        addDisabled={!m}
        hasLeading={selected.length > 0}
        emptyText={t('filters.none')}
        pickerContext="grow"
        leading={selected.map((s) => (
          <Tag key={s.id} data-testid="grow-filter-tag" intent="primary" minimal>
            {s.name}
            <Button
              variant="minimal"
              size="small"
              icon="small-cross"
              aria-label={t('filters.remove', { name: s.name })}
              onClick={() => store.toggle(s)}
              style={{ marginLeft: 4, minHeight: 0, minWidth: 0, padding: 0 }}
            />
          </Tag>
        ))}
        trailing={
          <>
            {/* GROW-008/009. */}
            <SaveAudienceButton
              referer="Grow"
              returnUrl={returnUrl}
              draft={() => audienceDraft(selected, store.tab, tier3, store.filters)}
              disabledReason={saveReason ? t(saveReason) : null}
              testId="grow-save-audience"
            />
            {selected.length > 0 && (
              <RequestIndexReport
                report={{
                  ...audienceDraft(selected, store.tab, tier3, store.filters),
                  uiName: t('indexReportName', { name: selected.map((s) => s.name).join(', ') }),
                }}
              />
            )}
          </>
        }
      />

      {m && (
        <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
          {/* GROW-010: the gutter. */}
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="grow-gutter">
            <Button
              icon="grid-view"
              text={store.showChart ? t('gutter.hideChart') : t('gutter.showChart')}
              onClick={() => store.toggleChart()}
              data-testid="grow-toggle-chart"
            />
            <Tooltip content={selected.length > 1 ? t('hint.many') : t('hint.one')} isOpen={hint} placement="right">
              <Button
                icon="lightbulb"
                text={store.showInsights ? t('gutter.hideInsights') : t('gutter.showInsights')}
                onClick={() => store.toggleInsights()}
                data-testid="grow-toggle-insights"
              />
            </Tooltip>
          </div>

          {store.showChart && (
            <div style={{ flex: 3, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="grow-chart-area">
              <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                <Tabs id="grow-tabs" selectedTabId={store.tab} onChange={(id) => store.setTab(id as HostTab)}>
                  {tabs.map((tab) => (
                    <Tab
                      key={tab}
                      id={tab}
                      title={
                        <Tooltip content={t(tabTooltip(tab, tier3))} placement="top">
                          <span>{t(`tabs.${tab}`)}</span>
                        </Tooltip>
                      }
                      data-testid={`grow-tab-${tab}`}
                      // Each tab owns a panel (aria-controls names it); the chart below is the selected tab's view.
                      panel={<span data-testid={`grow-tabpanel-${tab}`} />}
                    />
                  ))}
                </Tabs>
                <span style={{ flex: 1 }} />
                {/* EXP-044: the chart, or the Predictions view comparing it with a loaded snapshot. */}
                <ButtonGroup aria-label={t('view.label')}>
                  <Button
                    text={t('view.chart')}
                    active={snapshots.view === 'chart'}
                    aria-pressed={snapshots.view === 'chart'}
                    onClick={() => snapshots.setView('chart')}
                    data-testid="grow-view-chart"
                  />
                  <Button
                    icon="timeline-line-chart"
                    text={t('view.predictions')}
                    active={snapshots.view === 'predictions'}
                    aria-pressed={snapshots.view === 'predictions'}
                    onClick={() => snapshots.setView('predictions')}
                    data-testid="grow-view-predictions"
                  />
                </ButtonGroup>
                {/* GROW-032: only with mekkos.update. */}
                {canUpdate && (
                  <ButtonGroup aria-label={t('mode.label')}>
                    <Button text={t('mode.view')} active={store.mode === 'view'} onClick={() => store.setMode('view')} data-testid="grow-mode-view" />
                    <Button text={t('mode.edit')} active={store.mode === 'edit'} onClick={() => store.setMode('edit')} data-testid="grow-mode-edit" />
                  </ButtonGroup>
                )}
              </div>
              {store.isTv && (
                <Callout intent={tvLow ? 'warning' : 'primary'} data-testid="grow-tv-notice">
                  {t('tv.max', { max: formatCount(store.tv!.maximum) })}
                  {tvLow && lowTvNotice(hierarchy.selection.region ?? '').map((key) => <div key={key}>{t(key)}</div>)}
                </Callout>
              )}
              {store.countsRes.error && (
                <LoadError level={3} error={store.countsRes.error} onRetry={() => store.loadCounts()} data-testid="grow-counts-error" />
              )}
              {snapshots.view === 'predictions' ? (
                <PredictionsView grow={store} snapshots={snapshots} canUpdate={canUpdate} />
              ) : (
                <>
                  <Mekko
                    title={m.measurement_label}
                    markets={chartMarkets}
                    highlighted={store.selected}
                    // Issue 27 §6: a new chart says how to add markets, not 'No data to chart.'
                    emptyText={canUpdate ? t('chartEmpty.canEdit') : t('chartEmpty.cannotEdit')}
                    smallBase={smallBase}
                    // The header's spinner shows the counts loading (GROW-031); the chart keeps its last drawing meanwhile.
                    equalShares={store.mode === 'edit'}
                    onSelect={(sel) => {
                      const sub = sel.subMarketId === undefined ? null : m.markets.flatMap((k) => k.sub_markets).find((s) => s.id === sel.subMarketId);
                      if (sub) store.toggle(sub);
                    }}
                    testId="grow-mekko"
                    // npm run bench:screens: the chart is drawn with its counts.
                    onDrawn={() => store.countsRes.status === 'ready' && markDrawn('grow')}
                  />
                  {chartMarkets && <SmallBaseLegend threshold={smallBase} testId="grow-small-base-legend" />}
                  <MarketList
                    store={store}
                    onEditMarket={(market) => setMarketForm({ market })}
                    onEditAudience={(marketId, audience) => setAudienceForm({ marketId, audience })}
                    onZeroCount={() => modals.openZeroCount()}
                    canAddMarket={store.mode === 'edit' && m.vertical_type === null}
                  />
                </>
              )}
            </div>
          )}

          {store.showInsights && insights && (
            <div style={{ flex: 2, minWidth: 320 }} data-testid="grow-insights">
              <insights.Panel
                context="grow"
                owner={{ kind: 'mekkos', id: m.id }}
                audiences={panelAudiences}
                level={store.level}
                onLevelChange={(l) => store.setLevel(l)}
                tabsConfig={{ resourceType: 'Mekko', resourceId: m.id }}
                membership={store.tab === 'modeled' ? 'modeled' : 'matched'}
              />
            </div>
          )}
        </div>
      )}

      {renderForms()}

      {/* GROW-037 / GROW-038: close-only. */}
      <AppDialog isOpen={!!store.dialog} onClose={() => store.closeDialog()} title={store.dialog ? t(store.dialog.title.key) : ''} icon="warning-sign">
        <div className={Classes.DIALOG_BODY} data-testid="grow-dialog">
          {store.dialog && t(store.dialog.content.key, store.dialog.content.params)}
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button text={t('close')} onClick={() => store.closeDialog()} data-testid="grow-dialog-close" />
          </div>
        </div>
      </AppDialog>

      {/* GROW-077..080. */}
      <InvalidAudiencesDialog
        isOpen={!!pending}
        title={t('invalidTitle')}
        message={t('dialogs.invalidIdentifiers')}
        lists={[
          { key: 'identifiers', label: t('invalidIdentifiers.identifiers', { ns: 'core' }), items: pending?.invalid.identifiers ?? [] },
          { key: 'tabs', label: t('invalidIdentifiers.affectedTabs', { ns: 'core' }), items: pending?.invalid.tabs ?? [] },
          { key: 'widgets', label: t('invalidIdentifiers.affectedWidgets', { ns: 'core' }), items: pending?.invalid.widgets ?? [] },
        ]}
        actions={[
          ...(canUpdate && pending
            ? [
                {
                  key: 'remove',
                  text: t('invalidIdentifiers.remove', { ns: 'core' }),
                  intent: 'primary' as const,
                  throttled: true,
                  onClick: async () => {
                    if (await store.removeInvalid(pending.mekko.id)) go(pending.mekko.id);
                  },
                },
              ]
            : []),
          ...(canDestroy && pending
            ? [
                {
                  key: 'delete',
                  text: t('invalidIdentifiers.delete', { ns: 'core' }),
                  intent: 'danger' as const,
                  throttled: true,
                  onClick: async () => go(await store.deleteChart(pending.mekko.id)),
                },
              ]
            : []),
          { key: 'close', text: t('close', { ns: 'core' }), onClick: () => closeInvalid() },
        ]}
        onClose={() => closeInvalid()}
        data-testid="grow-invalid"
      />

      {m && (
        <ConfirmDialog
          isOpen={deleting}
          title={t('confirmDelete', { name: m.name })}
          intent="danger"
          confirmButtonText={t('deleteButton')}
          cancelButtonText={t('cancel')}
          onCancel={() => setDeleting(false)}
          onConfirm={async () => {
            setDeleting(false);
            const next = await store.deleteChart(m.id);
            go(next);
          }}
          data-testid="grow-confirm-delete"
        />
      )}
    </section>
  );
});

export default GrowPage;
