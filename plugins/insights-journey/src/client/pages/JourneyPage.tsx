import {
  FilterBar,
  filterGroups,
  type HostTab,
  InsightsPanelToken,
  ShellModalsToken,
  InvalidAudiencesDialog,
  SaveAudienceButton,
  SavedChartDropdown,
} from '@discovery/insights-kit';
import { Button, ButtonGroup, Card, Classes, Radio, RadioGroup, Switch, Tab, Tabs, Tooltip } from '@blueprintjs/core';
import { ConfigStoreToken, HierarchyStoreToken, SessionStoreToken, useOptionalService, useService } from '@discovery/platform';
import { ConfirmDialog, LoadError, LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { brandColour, journeyBuilderRoute, journeyRoute, MODAL_WIDTH, STAGE_MIN_WIDTH, THROTTLE_MS } from '../../common';
import { JourneyChart, Truncated } from '../components/JourneyChart';
import { NS, useJourneyMessage } from '../messages';
import { JourneyStoreToken } from '../stores/JourneyStore';

/**
 * The Journey viewer (001 §2.3, §4.2): the journey picker and its create, edit, copy and delete
 * buttons, the filter bar with Save Audience, and the split screen with the chart (tabs, brands,
 * stages) on the left and the Insights panel on the right.
 */
const JourneyPage = observer(function JourneyPage() {
  const { t } = useTranslation(NS);
  const msg = useJourneyMessage();
  const store = useService(JourneyStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const modals = useService(ShellModalsToken);
  const tier3 = useService(ConfigStoreToken).isTier3;
  const insights = useOptionalService(InsightsPanelToken);
  const navigate = useNavigate();
  const params = useParams();
  const product = hierarchy.fullSlug;
  const routeId = params.journeyId && /^\d+$/.test(params.journeyId) ? Number(params.journeyId) : null;
  const [deleting, setDeleting] = useState(false);

  // JRN-003.
  const canCreate = session.can('journeys', 'create');
  const canUpdate = session.can('journeys', 'update');
  const canDestroy = session.can('journeys', 'destroy');
  // The builder needs create, read and update (JRN-002).
  const canBuild = canCreate && canUpdate;
  const go = (id: number | null, replace = false): void => {
    navigate(journeyRoute.link(hierarchy.selection, id !== null ? { journeyId: id } : {}), { replace });
  };
  const build = (id: number | null): void => {
    navigate(journeyBuilderRoute.link(hierarchy.selection, id !== null ? { journeyId: id } : {}));
  };

  // JRN-005 / JRN-006: open, pick, and show the id in the URL ('Try again' after a failed list opens it once more).
  const [attempt, setAttempt] = useState(0);
  // The selection at the moment the id is shown (it follows product, which the effect depends on).
  const showInUrl = useEffectEvent((id: number) => go(id, true));
  useEffect(() => {
    let live = true;
    // open() never rejects (its failure is the store's error state) and navigating does not either.
    store.open(product, routeId, { tier3 }).then(
      (id) => {
        if (live && id !== null && id !== routeId) showInUrl(id);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store, product, routeId, tier3, attempt]);

  // A list that failed ends in its error state with a retry, never in a spinner (issue 24 §3).
  if (!store.list && store.charts.error) return <LoadError level={1} title={t('title')} error={store.charts.error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (store.error && !store.list) return <StateMessage level={1} icon="error" title={t('title')} description={store.error} />;
  if (!store.list) return <LoadingSpinner size={32} />;

  const j = store.journey;
  const pending = store.pendingInvalid;
  const focused = store.focusedSegment;
  const returnUrl = j ? `insights/journey/${j.id}` : 'insights/journey';
  const saveReason = !focused
    ? store.tab === 'total'
      ? t('saveAudience.total')
      : store.stageFilter === null
        ? t('saveAudience.pickStage')
        : t('saveAudience.noSegment')
    : null;
  const draft = () =>
    focused ? { name: focused.name, rules: { include: { and: [{ or: [focused.id] }, ...filterGroups(store.filters).map((or) => ({ or }))] } } } : null;

  const header = (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <PageTitle style={{ margin: 0, marginRight: 16 }}>{t('title')}</PageTitle>
      {store.list.length > 0 && <SavedChartDropdown testIdPrefix="journey" charts={store.list} value={j?.id ?? null} onChange={(id) => go(id)} />}
      <ButtonGroup>
        {canCreate && canBuild && (
          <Tooltip content={t('actions.create')}>
            <Button icon="add" aria-label={t('actions.create')} onClick={() => build(null)} data-testid="journey-create" />
          </Tooltip>
        )}
        {canUpdate && canBuild && j && (
          <Tooltip content={t('actions.edit')}>
            <Button icon="edit" aria-label={t('actions.edit')} onClick={() => build(j.id)} data-testid="journey-edit" />
          </Tooltip>
        )}
        {canCreate && j && (
          // JRN-026: no copy while a journey with invalid audiences is on the table.
          <Tooltip content={pending ? t('actions.copyBlocked') : t('actions.copy')}>
            <Button
              icon="duplicate"
              aria-label={t('actions.copy')}
              disabled={!!pending || store.busy}
              onClick={async () => {
                const id = await store.duplicate(j.id);
                if (id !== null) go(id);
              }}
              data-testid="journey-copy"
            />
          </Tooltip>
        )}
        {canDestroy && j && (
          <Tooltip content={t('actions.delete')}>
            <Button icon="trash" aria-label={t('actions.delete')} onClick={() => setDeleting(true)} data-testid="journey-delete" />
          </Tooltip>
        )}
      </ButtonGroup>
      {(store.busy || store.countsLoading) && <LoadingSpinner size={16} />}
    </div>
  );

  const dialogs = (
    <>
      {/* JRN-024 / JRN-025. */}
      <InvalidAudiencesDialog
        isOpen={!!pending}
        title={t('invalid.title')}
        message={pending ? (msg('invalidTitle', { name: pending.name }) ?? '') : ''}
        throttleMs={THROTTLE_MS}
        actions={[
          ...(canUpdate && pending
            ? [
                {
                  key: 'remove',
                  text: msg('removeInvalid') ?? '',
                  intent: 'primary' as const,
                  throttled: true,
                  onClick: async () => {
                    if (await store.removeInvalid(pending.id)) go(pending.id);
                  },
                },
              ]
            : []),
          ...(canDestroy && pending
            ? [
                {
                  key: 'delete',
                  text: msg('deleteChart') ?? '',
                  intent: 'danger' as const,
                  throttled: true,
                  onClick: async () => {
                    const next = await store.remove(pending.id);
                    if (next !== false) go(next, true);
                  },
                },
              ]
            : []),
          { key: 'close', text: t('invalid.close'), onClick: async () => go(await store.dismissInvalid(), true) },
        ]}
        onClose={async () => go(await store.dismissInvalid(), true)}
        data-testid="journey-invalid"
      />
      {/* JRN-030 / A-26: the confirmation is 60% of the viewport wide. */}
      {j && (
        <ConfirmDialog
          isOpen={deleting}
          intent="danger"
          icon="trash"
          title={msg('deleteConfirm', { name: j.name })}
          confirmButtonText={t('deleteButton')}
          cancelButtonText={t('cancel')}
          style={{ width: MODAL_WIDTH, maxWidth: 'none' }}
          onCancel={() => setDeleting(false)}
          onConfirm={async () => {
            setDeleting(false);
            const next = await store.remove(j.id);
            if (next !== false) go(next, true);
          }}
          data-testid="journey-delete-confirm"
        />
      )}
    </>
  );

  // JRN-022 / JRN-023: no journeys yet.
  if (store.list.length === 0) {
    return (
      <section data-testid="journey-page" style={{ padding: 16 }}>
        {header}
        <StateMessage
          level={2}
          icon="path"
          title={t('empty.title')}
          description={canCreate ? t('empty.canCreate') : msg('emptyNoPermission')}
          action={
            canCreate && canBuild ? (
              <Button intent="primary" icon="add" text={msg('createJourney') ?? ''} onClick={() => build(null)} data-testid="journey-empty-create" />
            ) : undefined
          }
          data-testid="journey-empty"
        />
        {dialogs}
      </section>
    );
  }

  const tabs = store.tabs;
  const panelAudiences = focused
    ? [{ key: `${store.brand?.id}:${store.stageFilter}`, name: focused.name, rules: { include: { and: [{ or: [focused.id] }] } } }]
    : [];

  return (
    <section data-testid="journey-page" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {header}

      {/* The filter bar (the kit's): segments the counts are restricted to, and Save Audience. */}
      <FilterBar
        label={t('filters.label')}
        testId="journey-filters"
        testIdPrefix="journey"
        filters={store.filters}
        onAdd={(f) => store.addFilters(f)}
        onRemove={(id) => store.removeFilter(id)}
        onClear={() => store.clearFilters()}
        addDisabled={!j}
        emptyText={t('filters.none')}
        pickerContext="journey"
        trailing={
          session.can('audiences', 'create') && (
            <SaveAudienceButton
              text={t('saveAudience.button')}
              draft={draft}
              disabledReason={saveReason}
              returnUrl={returnUrl}
              testId="journey-save-audience"
            />
          )
        }
      />

      {j && (
        // Issue 27 §3 / JRN-020: the chart asks for its stages' room (300 px each); where that and the
        // Insights panel do not fit side by side, the panel wraps below and the stages get the width.
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
          <Card
            style={{ flex: `1 1 ${chartBasis(j.stages.length)}px`, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}
            data-testid="journey-chart-card"
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
              <h2 className={Classes.HEADING} style={{ margin: 0, fontSize: 20 }}>
                <Truncated name={j.name} testId="journey-name" />
              </h2>
              <span style={{ flex: 1 }} />
              {/* JRN-008 / JRN-009. */}
              <Tabs id="journey-tabs" selectedTabId={store.tab} onChange={(id) => store.setTab(id as HostTab)}>
                {tabs.map((tab) => (
                  <Tab
                    key={tab}
                    id={tab}
                    title={
                      <Tooltip content={t(`tabs.tooltip.${tab}${tier3 && tab !== 'total' ? 'Tier3' : ''}`)} placement="top">
                        <span>{t(`tabs.${tab}`)}</span>
                      </Tooltip>
                    }
                    panel={<span data-testid={`journey-tabpanel-${tab}`} />}
                    data-testid={`journey-tab-${tab}`}
                  />
                ))}
              </Tabs>
            </div>
            <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
              {/* JRN-010 / JRN-015. */}
              <RadioGroup
                inline
                label={t('brands.label')}
                selectedValue={store.brand?.id}
                onChange={(e) => store.selectBrand(Number(e.currentTarget.value))}
                disabled={store.compare}
                className="journey-brands"
              >
                {store.brands.map((b, i) => (
                  <Radio
                    key={b.id}
                    value={b.id}
                    labelElement={
                      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                        <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: brandColour(i) }} />
                        <Truncated name={b.name} />
                      </span>
                    }
                    data-testid={`journey-brand-${i}`}
                  />
                ))}
              </RadioGroup>
              <span style={{ flex: 1 }} />
              {store.brands.length > 1 && (
                <Switch
                  checked={store.compare}
                  label={t('brands.compare')}
                  onChange={(e) => store.setCompare(e.currentTarget.checked)}
                  style={{ marginBottom: 0 }}
                  data-testid="journey-compare"
                />
              )}
            </div>
            {store.countsRes.error && (
              <LoadError level={3} error={store.countsRes.error} onRetry={() => store.loadCounts()} data-testid="journey-counts-error" />
            )}
            <JourneyChart store={store} onZeroCount={() => modals.openZeroCount()} />
          </Card>
          {insights && (
            <div style={{ flex: '0 0 380px', minWidth: 0 }} data-testid="journey-insights">
              <insights.Panel
                context="journey"
                owner={{ kind: 'journeys', id: j.id }}
                audiences={panelAudiences}
                level={store.level}
                onLevelChange={(l) => store.setLevel(l)}
                tabsConfig={{ resourceType: 'Journey', resourceId: j.id }}
                membership={store.tab === 'modeled' && !tier3 ? 'modeled' : 'matched'}
              />
            </div>
          )}
        </div>
      )}
      {dialogs}
    </section>
  );
});

export default JourneyPage;

/** The chart card's share of the row: every stage's minimum column and the card's padding (JRN-020). */
function chartBasis(stages: number): number {
  return Math.max(1, stages) * STAGE_MIN_WIDTH + 42;
}
