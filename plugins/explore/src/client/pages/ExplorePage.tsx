import {
  AUDIENCE_DRAFT_STATE,
  audienceBuilderLink,
  FilterBar,
  IndexReportsToken,
  InsightsPanelToken,
  InvalidAudiencesDialog,
  SavedChartDropdown,
  type InsightsLevel,
} from '@discovery/insights-kit';
import { Button, Callout, Menu, MenuItem, PopoverNext, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import {
  ConfigStoreToken,
  formatCount,
  HierarchyStoreToken,
  SessionStoreToken,
  settle,
  ToastStoreToken,
  useOptionalService,
  useService,
} from '@discovery/platform';
import { ConfirmDialog, LoadError, LoadingSpinner, PageTitle, VisuallyHidden } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  COUNT_PLACEHOLDER,
  DROPDOWN_WIDTH,
  exploreBuilderRoute,
  exploreRoute,
  invalidPersonaMessage,
  invalidWidgetsMessage,
  motivationBuilderRoute,
  personaActions,
  personaWithFilters,
  type ActionState,
} from '../../common';
import { IndexReportDrawer } from '../components/IndexReportDrawer';
import { ExploreStoreToken } from '../stores/ExploreStore';

/** The Explore screen (002 §2.2, §4): EXP-001..025. */
const ExplorePage = observer(function ExplorePage() {
  const { t } = useTranslation('explore');
  const store = useService(ExploreStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const toasts = useService(ToastStoreToken);
  const isTier3 = useService(ConfigStoreToken).isTier3;
  const insights = useOptionalService(InsightsPanelToken);
  const reports = useOptionalService(IndexReportsToken);
  const navigate = useNavigate();
  const { personaId } = useParams();
  const routeId = personaId && /^\d+$/.test(personaId) ? Number(personaId) : null;
  const product = hierarchy.fullSlug;
  const [level, setLevel] = useState<InsightsLevel>('person');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [closedInvalid, setClosedInvalid] = useState<number | null>(null);

  const go = (id: number | null, replace = false) => {
    if (id !== null) navigate(exploreRoute.link(hierarchy.selection, { personaId: id }), { replace });
  };
  const showInUrl = useEffectEvent((id: number) => go(id, true));
  useEffect(() => {
    let live = true;
    settle(
      store.load(product, routeId).then((id) => {
        if (live && id !== null && id !== routeId) showInUrl(id);
      }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store, product, routeId]);

  const selected = store.selected;
  useEffect(() => {
    store.loadCounts();
  }, [store, selected, selected?.updated_at, store.filters.length, store.invalid]);

  const audiences = useMemo(
    () => (selected && !store.invalid ? [{ key: `persona:${selected.id}`, name: selected.name, rules: personaWithFilters(selected, store.filters) }] : []),
    [selected, store.invalid, store.filters],
  );

  if (!store.loaded && store.listError) return <LoadError level={1} title={t('title')} error={store.listError} onRetry={() => store.retry()} />;
  if (!store.loaded) return <LoadingSpinner size={32} />;

  const countsInvalid = (store.countsRes.error as { status?: number } | null)?.status === 422;
  const actions = personaActions({
    persona: selected,
    invalidFilters: countsInvalid,
    can: (r, a) => session.can(r, a),
    lite: session.snapshot.featureFlags.lite === true,
    isTier3,
    canIndexReport: !!reports?.canRequest(session.snapshot),
    segmentsAllowAudience: !!selected && selected.segments.length > 0,
  });
  const reason = (s: ActionState) => (s.shown && s.reason ? t(`reasons.${s.reason}`) : undefined);
  const iconAction = (key: 'create' | 'edit' | 'copy' | 'delete', icon: 'plus' | 'edit' | 'duplicate' | 'trash', onClick: () => void) => {
    const s = actions[key];
    if (!s.shown) return null;
    return (
      <Tooltip content={reason(s) ?? t(`actions.${key}`)}>
        <Button icon={icon} variant="minimal" aria-label={t(`actions.${key}`)} disabled={!!s.reason} onClick={onClick} data-testid={`explore-${key}`} />
      </Tooltip>
    );
  };
  const returnUrl = selected ? `insights/explore/${selected.id}` : 'insights/explore';
  // EXP-014: Convert is hidden on the Market Level tab.
  const convert = actions.convert.shown && level === 'person' ? actions.convert : ({ shown: false } as const);

  const menu = (
    <Menu aria-label={t('actions.more')}>
      {actions.indexReport.shown && (
        <MenuItem
          icon="th-derived"
          text={t('actions.indexReport')}
          disabled={!!actions.indexReport.reason}
          title={reason(actions.indexReport)}
          onClick={() => setReportOpen(true)}
          data-testid="explore-index-report-open"
        />
      )}
      {convert.shown && (
        <MenuItem
          icon="people"
          text={t('actions.convert')}
          disabled={!!convert.reason}
          title={reason(convert)}
          data-testid="explore-convert"
          onClick={() =>
            // EXP-015: audiences/builder?action=savePersona&referer=Explore&returnUrl=insights/explore/{personaId}, holding the persona's rule.
            navigate(audienceBuilderLink(hierarchy.selection, { action: 'savePersona', referer: 'Explore', returnUrl }), {
              state: { [AUDIENCE_DRAFT_STATE]: { name: selected!.name, rules: personaWithFilters(selected!, store.filters) } },
            })
          }
        />
      )}
      {actions.motivation.shown && (
        <MenuItem
          icon="predictive-analysis"
          text={t('actions.motivation')}
          disabled={!!actions.motivation.reason}
          title={reason(actions.motivation)}
          data-testid="explore-motivation"
          onClick={() => navigate(motivationBuilderRoute.link(hierarchy.selection, { personaId: selected!.id }))}
        />
      )}
    </Menu>
  );

  const people = store.counts?.people;
  return (
    <section data-testid="explore-page" aria-busy={store.busy} style={{ position: 'relative' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <PageTitle style={{ margin: 0, marginRight: 16 }}>{t('title')}</PageTitle>
        <SavedChartDropdown charts={store.list} value={store.selectedId} onChange={(id) => go(id)} width={DROPDOWN_WIDTH} testIdPrefix="explore" />
        {iconAction('create', 'plus', () => navigate(exploreBuilderRoute.link(hierarchy.selection)))}
        {iconAction('edit', 'edit', () => navigate(exploreBuilderRoute.link(hierarchy.selection, { personaId: selected!.id })))}
        {iconAction('copy', 'duplicate', () => store.copy().then((c) => c && go(c.id)))}
        {iconAction('delete', 'trash', () => setConfirmDelete(true))}
        {selected && (
          <PopoverNext content={menu} placement="bottom-start">
            <Button icon="more" variant="minimal" aria-label={t('actions.more')} data-testid="explore-more" />
          </PopoverNext>
        )}
        <span style={{ flex: 1 }} />
        {/* EXP-004: the matched count, 'N/A' until known. */}
        <Tag large minimal intent="primary" data-testid="explore-matched-count">
          {t('matched')}: <strong>{people === undefined ? COUNT_PLACEHOLDER : formatCount(Math.round(people))}</strong>
        </Tag>
      </div>
      <FilterBar
        label={t('filters.label')}
        addText={t('filters.add')}
        testId="explore-filter-bar"
        testIdPrefix="explore"
        filters={store.filters}
        onAdd={(f) => store.addFilters(f)}
        onRemove={(id) => store.removeFilter(id)}
        onClear={() => store.clearFilters()}
        addDisabled={!selected || store.invalid}
        pickerContext="audience"
        pickerTitle={t('filters.pickerTitle')}
      />
      {store.countsRes.error && !countsInvalid && (
        <Callout intent="danger" data-testid="explore-counts-error">
          {t('countsFailed', { message: store.countsRes.error.message })}
        </Callout>
      )}
      {selected && !store.invalid && !store.invalidWidgets && (
        <div data-testid="explore-insights">
          {insights ? (
            <insights.Panel context="explore" owner={{ kind: 'personas', id: selected.id }} audiences={audiences} level={level} onLevelChange={setLevel} />
          ) : (
            <Callout>{t('noInsights')}</Callout>
          )}
        </div>
      )}
      {/* EXP-006: the loading overlay while any fetch of the screen is in progress. */}
      {store.busy && (
        <div
          data-testid="explore-loading"
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(128,128,128,0.15)' }}
        >
          <Spinner size={40} aria-label={t('loading')} />
          <VisuallyHidden>{t('loading')}</VisuallyHidden>
        </div>
      )}
      {selected && (
        <ConfirmDialog
          isOpen={confirmDelete}
          intent="danger"
          icon="trash"
          title={t('deleteConfirm', { name: selected.name })}
          confirmButtonText={t('actions.delete')}
          cancelButtonText={t('cancel')}
          onConfirm={() => {
            setConfirmDelete(false);
            settle(
              store.remove().then((next) => next !== false && go(next, true)),
              () => undefined,
            );
          }}
          onCancel={() => setConfirmDelete(false)}
          data-testid="explore-delete-confirm"
        />
      )}
      {selected && reportOpen && (
        <IndexReportDrawer
          isOpen
          onClose={() => setReportOpen(false)}
          report={{ name: selected.name, uiName: selected.name, personaId: selected.id, rules: personaWithFilters(selected, store.filters) }}
          onDone={(ok, message) => (ok ? toasts.success(message) : toasts.error(message))}
        />
      )}
      {/* EXP-020: the persona's own segments are gone: Edit (without them) or Delete; closing switches to the all-data persona. */}
      {selected && store.invalid && closedInvalid !== selected.id && (
        <InvalidAudiencesDialog
          isOpen
          title={t('invalid.title')}
          message={invalidPersonaMessage(selected.name, selected.deletedSegmentIds.length)}
          lists={[{ key: 'segments', label: t('invalid.segments'), items: selected.deletedSegmentIds }]}
          actions={[
            ...(session.can('explore', 'update')
              ? [
                  {
                    key: 'edit',
                    text: t('invalid.edit'),
                    intent: 'primary' as const,
                    onClick: () => navigate(exploreBuilderRoute.link(hierarchy.selection, { personaId: selected.id })),
                  },
                ]
              : []),
            ...(session.can('explore', 'destroy')
              ? [
                  {
                    key: 'delete',
                    text: t('invalid.delete'),
                    intent: 'danger' as const,
                    throttled: true,
                    onClick: () => store.remove().then((n) => n !== false && go(n, true)),
                  },
                ]
              : []),
          ]}
          onClose={() => {
            setClosedInvalid(selected.id);
            go(store.allData?.id ?? null, true);
          }}
          data-testid="explore-invalid-persona"
        />
      )}
      {/* EXP-021 / EXP-022: custom widgets with unavailable audiences: remove them (explore.update) or delete the persona, throttled 5000 ms. */}
      {selected && !store.invalid && store.invalidWidgets && closedInvalid !== selected.id && (
        <InvalidAudiencesDialog
          isOpen
          title={t('invalid.widgetsTitle')}
          message={invalidWidgetsMessage(selected.name)}
          lists={[{ key: 'widgets', label: t('invalid.widgets'), items: store.invalidWidgets.widgets }]}
          actions={[
            ...(session.can('explore', 'update')
              ? [{ key: 'remove', text: t('invalid.remove'), intent: 'primary' as const, throttled: true, onClick: () => store.removeInvalid() }]
              : []),
            ...(session.can('explore', 'destroy') && !selected.is_all_data
              ? [
                  {
                    key: 'delete',
                    text: t('invalid.deleteChart'),
                    intent: 'danger' as const,
                    throttled: true,
                    onClick: () => store.remove().then((n) => n !== false && go(n, true)),
                  },
                ]
              : []),
          ]}
          onClose={() => {
            setClosedInvalid(selected.id);
            if (!selected.is_all_data) go(store.allData?.id ?? null, true);
          }}
          data-testid="explore-invalid-widgets"
        />
      )}
    </section>
  );
});

export default ExplorePage;
