import {
  FilterBar,
  InsightsPanelToken,
  InvalidAudiencesDialog,
  SaveAudienceButton,
  SavedChartDropdown,
  type InvalidAudiencesAction,
} from '@discovery/insights-kit';
import { Button, Callout, Card, Classes, DialogBody, Tag, Tooltip } from '@blueprintjs/core';
import { ConfigStoreToken, formatCount, HierarchyStoreToken, saveBlob, SessionStoreToken, useOptionalService, useService } from '@discovery/platform';
import { AppDialog, ConfirmDialog, LoadError, LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { canSaveAudience, cellDraft, invalidActions, overlapChartRoute, overlapRoute, PLACEHOLDER, type ComparisonDto } from '../../common';
import { EditPanel } from '../components/EditPanel';
import { OverlapChart, PlaceholderGrid } from '../components/OverlapChart';
import { ComparisonFormStore } from '../stores/ComparisonFormStore';
import { OverlapStoreToken } from '../stores/OverlapStore';

/** The Overlap screen (002 §2.3, §4): OVL-001..056 and ours (both directions, small base, sort). */
const OverlapPage = observer(function OverlapPage() {
  const { t } = useTranslation('overlap');
  const store = useService(OverlapStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const isTier3 = useService(ConfigStoreToken).isTier3;
  const insights = useOptionalService(InsightsPanelToken);
  const navigate = useNavigate();
  const { comparisonId } = useParams();
  const routeId = comparisonId && /^\d+$/.test(comparisonId) ? Number(comparisonId) : null;
  const product = hierarchy.fullSlug;
  const [form, setForm] = useState<ComparisonFormStore | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The invalid-audience modal closed without an action: the chart stays hidden (OVL-053).
  const [closedInvalid, setClosedInvalid] = useState<number | null>(null);

  const can = (action: 'create' | 'update' | 'destroy') => session.can('comparisons', action);
  const go = (id: number | null, replace = false) => {
    if (id !== null) navigate(overlapChartRoute.link(hierarchy.selection, { comparisonId: id }), { replace });
  };

  // OVL-005 / OVL-007: load, select, and show the selection in the URL.
  const showInUrl = useEffectEvent((id: number) => go(id, true));
  useEffect(() => {
    let live = true;
    // load() never rejects (its failure is the list's error state) and showing the id in the URL does not either.
    store.load(product, routeId).then(
      (id) => {
        if (live && id !== null && id !== routeId) showInUrl(id);
      },
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

  const openForm = (from: ComparisonDto | null, opts: { dismissable?: boolean; dropInvalid?: boolean } = {}) =>
    setForm(new ComparisonFormStore(from?.id ?? null, from, store.list, opts.dismissable ?? store.list.length > 0, opts.dropInvalid));

  const save = async () => {
    if (!form) return;
    form.setSaving(true);
    const r = await store.save(form.id, form.values);
    form.setSaving(false);
    if (r && 'saved' in r) {
      setForm(null);
      go(r.saved.id);
    } else if (r && 'fields' in r) form.setServerErrors(r.fields);
  };

  // OVL-031: the builder's return address, inside the product context.
  const returnUrl = selected ? `${overlapRoute.path}/${selected.id}` : overlapRoute.path;
  const showSaveAudience = session.can('audiences', 'create') && !isTier3; // OVL-029
  const panelAudiences = useMemo(
    () =>
      store.focused.map((f) => ({
        key: `${f.x}:${f.y}`,
        name: f.name,
        rules: cellDraft(f, store.filters).rules,
      })),
    [store.focused, store.filters],
  );

  // A list that failed ends in its error state with a retry, never in a spinner (issue 24 §3).
  if (!store.loaded && store.listError) return <LoadError level={1} title={t('title')} error={store.listError} onRetry={() => store.retry()} />;
  if (!store.loaded) return <LoadingSpinner size={32} />;

  const header = (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <PageTitle style={{ margin: 0, marginRight: 16 }}>{t('title')}</PageTitle>
      {store.list.length > 0 && <SavedChartDropdown charts={store.list} value={store.selectedId} onChange={(id) => go(id)} testIdPrefix="overlap" />}
      {can('create') && (
        <Tooltip content={t('actions.create')}>
          <Button icon="plus" variant="minimal" aria-label={t('actions.create')} onClick={() => openForm(null)} data-testid="overlap-create" />
        </Tooltip>
      )}
      {selected && can('update') && (
        <Tooltip content={t('actions.edit')}>
          <Button icon="edit" variant="minimal" aria-label={t('actions.edit')} onClick={() => openForm(selected)} data-testid="overlap-edit" />
        </Tooltip>
      )}
      {selected && can('update') && (
        <Tooltip content={t('actions.copy')}>
          <Button
            icon="duplicate"
            variant="minimal"
            aria-label={t('actions.copy')}
            disabled={store.invalid}
            onClick={() => store.duplicate().then((c) => c && go(c.id))}
            data-testid="overlap-duplicate"
          />
        </Tooltip>
      )}
      {selected && can('destroy') && (
        <Tooltip content={t('actions.delete')}>
          <Button icon="trash" variant="minimal" aria-label={t('actions.delete')} onClick={() => setConfirmDelete(true)} data-testid="overlap-delete" />
        </Tooltip>
      )}
      <span style={{ flex: 1 }} />
      {store.focused.length > 0 && selected && (
        <Tag large minimal intent="primary" data-testid="overlap-people-count">
          {selected.mode === 'modeled' ? t('readout.modeled') : t('readout.matched')}: <strong>{formatCount(Math.round(store.peopleCount))}</strong>
        </Tag>
      )}
    </div>
  );

  const dialogs = (
    <>
      {form && <EditPanel form={form} onSave={() => save()} onCancel={() => setForm(null)} />}
      {selected && (
        <ConfirmDialog
          isOpen={confirmDelete}
          intent="danger"
          icon="trash"
          title={t('deleteConfirm', { name: selected.name })}
          confirmButtonText={t('actions.delete')}
          cancelButtonText={t('form.cancel')}
          onConfirm={() => {
            setConfirmDelete(false);
            store.remove().then(
              (next) => {
                if (next === false) return;
                if (next === null) navigate(overlapRoute.link(hierarchy.selection), { replace: true });
                else go(next, true);
              },
              () => undefined,
            );
          }}
          onCancel={() => setConfirmDelete(false)}
          data-testid="overlap-delete-confirm"
        />
      )}
      {selected && store.invalid && !form && closedInvalid !== selected.id && (
        <InvalidModal
          chart={selected}
          onEdit={(mustFix) => openForm(selected, { dismissable: !mustFix, dropInvalid: true })}
          onClose={() => setClosedInvalid(selected.id)}
        />
      )}
    </>
  );

  // OVL-009: no charts yet.
  if (store.list.length === 0) {
    return (
      <section data-testid="overlap-page">
        {header}
        <StateMessage
          icon="heat-grid"
          description={t('empty')}
          action={
            can('create') ? (
              <Button
                intent="primary"
                icon="plus"
                text={t('newChart')}
                onClick={() => openForm(null, { dismissable: false })}
                data-testid="overlap-new-chart"
              />
            ) : undefined
          }
          data-testid="overlap-empty"
        />
        <PlaceholderGrid x={PLACEHOLDER.x} y={PLACEHOLDER.y} />
        {dialogs}
      </section>
    );
  }

  const saveReason = canSaveAudience(store.focused) ? null : t('saveAudience.single');
  const split = store.focused.length > 0 && !!insights && !!selected && !store.invalid;
  const chart = selected && !store.invalid && (
    <OverlapChart
      chart={selected}
      counts={store.counts}
      focused={store.focused}
      sort={store.sort}
      isTier3={isTier3}
      onToggleCell={(x, y) => store.toggleCell(x, y)}
      onToggleLine={(axis, key) => store.toggleLine(axis, key)}
      // OVL-024 / issue 27 §6: one Export control, the chart's menu; its .xlsx is the server's workbook.
      onExportXlsx={() => store.exportChart(saveBlob)}
    />
  );

  return (
    <section data-testid="overlap-page">
      {header}
      {/* OVL-013: the filter bar and Save Audience. */}
      <FilterBar
        label={t('filters.label')}
        addText={t('filters.add')}
        testId="overlap-filter-bar"
        testIdPrefix="overlap"
        filters={store.filters}
        onAdd={(f) => store.addFilters(f)}
        onRemove={(id) => store.removeFilter(id)}
        onClear={() => store.clearFilters()}
        addDisabled={!selected || store.invalid}
        pickerContext="overlap"
        pickerTitle={t('filters.pickerTitle')}
        trailing={
          showSaveAudience && (
            <SaveAudienceButton
              text={t('saveAudience.button')}
              disabledReason={saveReason}
              draft={() => (canSaveAudience(store.focused) ? cellDraft(store.focused[0], store.filters) : null)}
              referer="Overlap"
              returnUrl={returnUrl}
              testId="overlap-save-audience"
            />
          )
        }
      />
      {!store.hintDismissed && selected && !store.invalid && (
        <Callout intent="primary" icon="hand-up" style={{ marginBottom: 12, display: 'flex', alignItems: 'center' }} data-testid="overlap-hint">
          <span style={{ flex: 1 }}>{t('hint')}</span>
          <Button
            variant="minimal"
            size="small"
            icon="cross"
            aria-label={t('hintDismiss')}
            onClick={() => store.dismissHint()}
            data-testid="overlap-hint-dismiss"
          />
        </Callout>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: split ? 'minmax(0, 3fr) minmax(320px, 2fr)' : 'minmax(0, 1fr)', gap: 16 }}>
        <Card data-testid="overlap-chart-card">
          {selected && !store.invalid && (
            <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginBottom: 4 }}>
              <h2 className={Classes.HEADING} style={{ margin: 0, flex: 1 }}>
                {selected.name}
              </h2>
              {store.sort && (
                <Button
                  variant="minimal"
                  icon="sort"
                  text={t('sort.clear')}
                  onClick={() => store.sortBy(store.sort!.axis, store.sort!.key)}
                  data-testid="overlap-sort-clear"
                />
              )}
              <SortMenu chart={selected} onSort={(axis, key) => store.sortBy(axis, key)} />
              <Tooltip content={t('actions.expand')}>
                <Button
                  icon="maximize"
                  variant="minimal"
                  aria-label={t('actions.expand')}
                  onClick={() => store.setExpanded(true)}
                  data-testid="overlap-expand"
                />
              </Tooltip>
            </div>
          )}
          {store.countsError && (
            <Callout intent="danger" data-testid="overlap-counts-error">
              {store.countsError}
            </Callout>
          )}
          {chart}
          {(!selected || store.invalid) && <PlaceholderGrid x={PLACEHOLDER.x} y={PLACEHOLDER.y} />}
        </Card>
        {split && insights && selected && (
          <div data-testid="overlap-insights">
            <insights.Panel
              context="compare"
              owner={{ kind: 'comparisons', id: selected.id }}
              audiences={panelAudiences}
              membership={selected.mode === 'modeled' ? 'modeled' : 'matched'}
            />
          </div>
        )}
      </div>
      {/* OVL-023: the expanded chart, 90% by 90% of the viewport; focus is not applied here. */}
      {selected && (
        <AppDialog
          isOpen={store.expanded}
          onClose={() => store.setExpanded(false)}
          title={selected.name}
          style={{ width: '90vw', height: '90vh', maxWidth: 'none' }}
        >
          <DialogBody style={{ overflow: 'auto' }}>
            <div data-testid="overlap-expanded">
              <OverlapChart chart={selected} counts={store.counts} focused={store.focused} sort={store.sort} isTier3={isTier3} />
            </div>
          </DialogBody>
        </AppDialog>
      )}
      {dialogs}
    </section>
  );
});

/** Ours: sort the rows by a column's values, or the columns by a row's. */
function SortMenu({ chart, onSort }: { chart: ComparisonDto; onSort: (axis: 'x' | 'y', key: string) => void }) {
  const { t } = useTranslation('overlap');
  return (
    <select
      aria-label={t('sort.label')}
      className={Classes.HTML_SELECT}
      value=""
      onChange={(e) => {
        const [axis, key] = e.target.value.split('|');
        if (key) onSort(axis as 'x' | 'y', key);
      }}
      data-testid="overlap-sort"
      style={{ maxWidth: 220 }}
    >
      <option value="">{t('sort.label')}</option>
      <optgroup label={t('sort.rowsBy')}>
        {chart.x_segments.map((e) => (
          <option key={`x${e.short_id}`} value={`x|${e.short_id}`}>
            {e.name}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('sort.columnsBy')}>
        {chart.y_segments.map((e) => (
          <option key={`y${e.short_id}`} value={`y|${e.short_id}`}>
            {e.name}
          </option>
        ))}
      </optgroup>
    </select>
  );
}

/** OVL-053..056: the chart cannot be shown; the buttons the user's permissions allow. */
const InvalidModal = observer(function InvalidModal({
  chart,
  onEdit,
  onClose,
}: {
  chart: ComparisonDto;
  onEdit: (mustFix: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('overlap');
  const store = useService(OverlapStoreToken);
  const session = useService(SessionStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const navigate = useNavigate();
  const empties = store.removalEmptiesAxis;
  const allowed = invalidActions(empties, { update: session.can('comparisons', 'update'), destroy: session.can('comparisons', 'destroy') });
  const all: Record<(typeof allowed)[number], InvalidAudiencesAction> = {
    delete: {
      key: 'delete',
      text: t('invalid.delete'),
      intent: 'danger',
      throttled: true,
      onClick: () =>
        store.remove().then((next) => {
          if (next === false) return;
          navigate(next === null ? overlapRoute.link(hierarchy.selection) : overlapChartRoute.link(hierarchy.selection, { comparisonId: next }), {
            replace: true,
          });
        }),
    },
    remove: { key: 'remove', text: t('invalid.remove'), intent: 'primary', throttled: true, onClick: () => store.removeInvalid() },
    edit: { key: 'edit', text: t('invalid.edit'), onClick: () => onEdit(false) },
    removeAndEdit: { key: 'removeAndEdit', text: t('invalid.removeAndEdit'), intent: 'primary', onClick: () => onEdit(true) },
  };
  return (
    <InvalidAudiencesDialog
      isOpen
      title={t('invalid.title')}
      message={t('invalid.message', { name: chart.name })}
      actions={allowed.map((a) => all[a])}
      onClose={onClose}
      data-testid="overlap-invalid"
    />
  );
});

export default OverlapPage;
