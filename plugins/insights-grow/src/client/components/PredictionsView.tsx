import { Button, Callout, Classes, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { formatCount, formatDate } from '@discovery/platform';
import { AppDialog, ConfirmDialog, Heading, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIDENCE_MAX, predictionRows, sameFilters, type PredictionRow } from '../../common';
import type { GrowStore } from '../stores/GrowStore';
import type { SnapshotsStore } from '../stores/SnapshotsStore';

const percent = (share: number | null) => (share === null ? '–' : `${share > 0 ? '+' : ''}${(share * 100).toFixed(1)}%`);
const signed = (n: number | null) => (n === null ? '–' : `${n > 0 ? '+' : ''}${formatCount(n)}`);

/**
 * EXP-044: Grow's Predictions view. The chart's snapshots (save, load, clear, delete) and, with one
 * loaded, every audience of the chart now beside its figure in the snapshot on the active tab,
 * with the planner's current confidence in it (EXP-042). Snapshot failures show nothing (EXP-043).
 */
export const PredictionsView = observer(function PredictionsView({
  grow,
  snapshots,
  canUpdate,
}: {
  grow: GrowStore;
  snapshots: SnapshotsStore;
  canUpdate: boolean;
}) {
  const { t } = useTranslation('insights-grow');
  const [naming, setNaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const m = grow.mekko;
  const active = snapshots.active;
  if (!m) return null;

  const rows = active
    ? predictionRows(m.markets, active, grow.tab, (id) => grow.subCount(m.markets.flatMap((k) => k.sub_markets).find((s) => s.id === id)!))
    : [];
  const list = snapshots.snapshots;

  return (
    <section data-testid="grow-predictions" aria-labelledby="grow-predictions-title" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Heading level={2} look={4} id="grow-predictions-title" style={{ margin: 0 }}>
        {t('predictions.heading')}
      </Heading>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <FormGroup label={t('predictions.snapshot')} labelFor="grow-snapshot-select" style={{ margin: 0 }}>
          <HTMLSelect
            id="grow-snapshot-select"
            data-testid="grow-snapshot-select"
            value={active ? String(active.id) : ''}
            disabled={!list.length}
            onChange={(e) => (e.currentTarget.value ? snapshots.load(Number(e.currentTarget.value)) : snapshots.clear())}
          >
            <option value="">{t('predictions.choose')}</option>
            {list.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {t('predictions.option', { name: s.name, date: formatDate(s.created_at) })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {canUpdate && (
          <Button
            icon="camera"
            text={t('predictions.save')}
            disabled={snapshots.busy}
            onClick={() => setNaming(t('predictions.defaultName', { chart: m.name, date: formatDate(new Date()) }))}
            data-testid="grow-snapshot-save"
          />
        )}
        {active && <Button icon="cross" text={t('predictions.clear')} onClick={() => snapshots.clear()} data-testid="grow-snapshot-clear" />}
        {active && canUpdate && (
          <Button
            icon="trash"
            intent="danger"
            variant="minimal"
            text={t('predictions.delete')}
            onClick={() => setDeleting(true)}
            data-testid="grow-snapshot-delete"
          />
        )}
      </div>

      {!active && (
        <StateMessage
          level={3}
          icon="camera"
          data-testid="grow-predictions-empty"
          title={list.length ? t('predictions.pick') : t('predictions.none')}
          description={list.length ? undefined : canUpdate ? t('predictions.noneCanSave') : t('predictions.noneCannotSave')}
        />
      )}

      {active && (
        <>
          <div className={Classes.TEXT_MUTED} data-testid="grow-snapshot-taken">
            {active.created_by
              ? t('predictions.takenBy', { date: formatDate(active.created_at), by: active.created_by })
              : t('predictions.taken', { date: formatDate(active.created_at) })}{' '}
            · {t('predictions.figure', { tab: t(`tabs.${grow.tab}`) })}
          </div>
          {!sameFilters(active.filters, grow.filters) && (
            <Callout intent="warning" data-testid="grow-snapshot-filters">
              {t('predictions.otherFilters')}
            </Callout>
          )}
          <HTMLTable compact striped style={{ width: '100%' }} data-testid="grow-predictions-table">
            <caption className={Classes.TEXT_MUTED} style={{ textAlign: 'left' }}>
              {t('predictions.caption', { name: active.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('predictions.cols.market')}</th>
                <th scope="col">{t('predictions.cols.audience')}</th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('predictions.cols.then')}
                </th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('predictions.cols.now')}
                </th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('predictions.cols.change')}
                </th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('predictions.cols.share')}
                </th>
                <th scope="col">{t('predictions.cols.confidence')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <Row key={r.sub_market_id} row={r} canUpdate={canUpdate} onConfidence={(v) => snapshots.setConfidence(r.sub_market_id, v)} />
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}

      <AppDialog isOpen={naming !== null} onClose={() => setNaming(null)} title={t('predictions.save')} icon="camera">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const name = (naming ?? '').trim();
            if (!name) return;
            setNaming(null);
            void snapshots.create(name, grow.filters);
          }}
        >
          <div className={Classes.DIALOG_BODY}>
            <FormGroup label={t('predictions.nameLabel')} labelFor="grow-snapshot-name" helperText={t('predictions.nameHelp')}>
              <InputGroup id="grow-snapshot-name" value={naming ?? ''} maxLength={100} onValueChange={(v) => setNaming(v)} data-testid="grow-snapshot-name" />
            </FormGroup>
          </div>
          <div className={Classes.DIALOG_FOOTER}>
            <div className={Classes.DIALOG_FOOTER_ACTIONS}>
              <Button text={t('cancel')} onClick={() => setNaming(null)} />
              <Button type="submit" intent="primary" text={t('save')} disabled={!(naming ?? '').trim()} data-testid="grow-snapshot-name-save" />
            </div>
          </div>
        </form>
      </AppDialog>

      {active && (
        <ConfirmDialog
          isOpen={deleting}
          title={t('predictions.confirmDelete', { name: active.name })}
          intent="danger"
          confirmButtonText={t('deleteButton')}
          cancelButtonText={t('cancel')}
          onCancel={() => setDeleting(false)}
          onConfirm={() => {
            setDeleting(false);
            void snapshots.remove(active.id);
          }}
          data-testid="grow-snapshot-confirm-delete"
        />
      )}
    </section>
  );
});

/** One audience's row; the confidence is saved when the field is left with a changed, valid value. */
function Row({ row, canUpdate, onConfidence }: { row: PredictionRow; canUpdate: boolean; onConfidence: (v: number | null) => void }) {
  const { t } = useTranslation('insights-grow');
  const shown = row.confidence === null ? '' : String(row.confidence);
  const [value, setValue] = useState(shown);
  useEffect(() => setValue(shown), [shown]);
  const commit = () => {
    const v = value.trim() === '' ? null : Number(value);
    if (v !== null && (!Number.isFinite(v) || v < 0 || v > CONFIDENCE_MAX)) return setValue(shown);
    if (v !== row.confidence) onConfidence(v);
  };
  return (
    <tr data-testid="grow-prediction-row">
      <td>{row.market}</td>
      <th scope="row" style={{ fontWeight: 'normal' }}>
        {row.name}
      </th>
      <td style={{ textAlign: 'right' }} data-testid="grow-prediction-then">
        {row.then === null ? t('predictions.newSince') : formatCount(row.then)}
      </td>
      <td style={{ textAlign: 'right' }} data-testid="grow-prediction-now">
        {formatCount(row.now)}
      </td>
      <td style={{ textAlign: 'right' }}>{signed(row.change)}</td>
      <td style={{ textAlign: 'right' }}>{percent(row.share)}</td>
      <td>
        {canUpdate ? (
          <InputGroup
            type="number"
            min={0}
            max={CONFIDENCE_MAX}
            step="any"
            small
            style={{ width: 90 }}
            aria-label={t('predictions.confidenceLabel', { name: row.name })}
            value={value}
            onValueChange={(v) => setValue(v)}
            onBlur={commit}
            onKeyDown={(e) => e.key === 'Enter' && commit()}
            data-testid="grow-prediction-confidence"
          />
        ) : row.confidence === null ? (
          '–'
        ) : (
          `${row.confidence}%`
        )}
      </td>
    </tr>
  );
}
