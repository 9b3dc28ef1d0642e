import { segmentsEndpoints, SegmentPicker } from '@discovery/insights-kit';
import { Button, Checkbox, Classes, FormGroup, HTMLTable, Icon, InputGroup, Radio, RadioGroup, Tooltip } from '@blueprintjs/core';
import { ApiClientToken, ConfigStoreToken, formatCount, useService } from '@discovery/platform';
import { ConfirmDialog, SlideInPanel } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_AXIS, type Axis } from '../../common';
import type { ComparisonFormStore } from '../stores/ComparisonFormStore';

export interface EditPanelProps {
  form: ComparisonFormStore;
  onSave: () => void;
  onCancel: () => void;
}

const DRAG_TYPE = 'application/x-overlap-edit-axes';

/**
 * The edit form (OVL-032..048) in a slide-in 1100 wide: title, chart type, default and people
 * count, Copy X to Y, and per axis its label, the segment picker, the entries (rename, counts,
 * remove, drag within and between the axes, moves by button for the keyboard) and 'N of 12'.
 */
export const EditPanel = observer(function EditPanel({ form, onSave, onCancel }: EditPanelProps) {
  const { t } = useTranslation('overlap');
  const api = useService(ApiClientToken);
  const isTier3 = useService(ConfigStoreToken).isTier3;
  const [confirmCopy, setConfirmCopy] = useState(false);
  // Issue 27 §6: red only for fields the user has touched (or the server refused).
  const errors = form.shownErrors;

  // The count columns of entries the picker did not give (a saved chart's).
  useEffect(() => {
    const missing = [...form.x, ...form.y].map((e) => e.short_id).filter((id) => !form.counts[id]);
    if (!missing.length) return;
    void api
      .call(segmentsEndpoints.byIdentifiers, { body: { identifiers: [...new Set(missing)] } }, { silent: true })
      .then((res) => form.setCounts(Object.fromEntries(res.data.map((s) => [s.identifier, { matched: s.count.matched, modeled: s.count.modeled }]))))
      .catch(() => undefined);
  }, [api, form, form.x.length, form.y.length]);

  return (
    <SlideInPanel
      isOpen
      width={1100}
      onClose={form.dismissable ? onCancel : () => undefined}
      title={form.id === null ? t('form.createTitle') : t('form.editTitle')}
      testId="overlap-form"
      footer={
        <>
          {form.dismissable && <Button text={t('form.cancel')} onClick={onCancel} data-testid="overlap-form-cancel" />}
          <Button intent="primary" text={t('form.save')} disabled={!form.canSave} loading={form.saving} onClick={onSave} data-testid="overlap-form-save" />
        </>
      }
    >
      <FormGroup label={t('form.title')} labelFor="overlap-title" intent={errors.name ? 'danger' : 'none'} helperText={errors.name}>
        <InputGroup
          id="overlap-title"
          value={form.name}
          onChange={(e) => form.set('name', e.target.value)}
          onBlur={() => form.touch('name')}
          intent={errors.name ? 'danger' : 'none'}
          data-testid="overlap-title"
        />
      </FormGroup>
      <RadioGroup label={t('form.type')} inline selectedValue={form.mode} onChange={(e) => form.set('mode', e.currentTarget.value as typeof form.mode)}>
        <Radio value="matched" label={t('mode.matched')} data-testid="overlap-mode-matched" />
        {isTier3 && <Radio value="modeled" label={t('mode.modeled')} data-testid="overlap-mode-modeled" />}
        <Radio value="index" label={t('mode.index')} data-testid="overlap-mode-index" />
      </RadioGroup>
      <Checkbox
        checked={form.isDefault}
        label={t('form.default')}
        onChange={(e) => form.set('isDefault', e.currentTarget.checked)}
        data-testid="overlap-default"
      />
      <Checkbox
        checked={form.isPeopleCount}
        label={t('form.peopleCount')}
        onChange={(e) => form.set('isPeopleCount', e.currentTarget.checked)}
        data-testid="overlap-people-count"
      />
      <Button icon="duplicate" text={t('form.copy')} disabled={form.x.length === 0} onClick={() => setConfirmCopy(true)} data-testid="overlap-copy-x" />
      <ConfirmDialog
        isOpen={confirmCopy}
        title={t('form.copyConfirm')}
        confirmButtonText={t('form.ok')}
        cancelButtonText={t('form.cancel')}
        onConfirm={() => {
          form.copyXToY();
          setConfirmCopy(false);
        }}
        onCancel={() => setConfirmCopy(false)}
        data-testid="overlap-copy-confirm"
      />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24, marginTop: 16 }}>
        {(['x', 'y'] as const).map((axis) => (
          <AxisSection key={axis} form={form} axis={axis} isTier3={isTier3} />
        ))}
      </div>
    </SlideInPanel>
  );
});

const AxisSection = observer(function AxisSection({ form, axis, isTier3 }: { form: ComparisonFormStore; axis: Axis; isTier3: boolean }) {
  const { t } = useTranslation('overlap');
  const [picking, setPicking] = useState(false);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const counter = form.counter(axis);
  const entries = form[axis];
  const other: Axis = axis === 'x' ? 'y' : 'x';
  const axisError = form.shownErrors[`${axis}_segments`];
  const title = axis === 'x' ? t('form.xAxis') : t('form.yAxis');

  const drop = (e: DragEvent, index: number) => {
    e.preventDefault();
    setDropAt(null);
    const raw = e.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    const from = JSON.parse(raw) as { axis: Axis; index: number };
    form.move(from, { axis, index });
  };

  return (
    <section
      aria-labelledby={`overlap-axis-${axis}`}
      data-testid={`overlap-axis-${axis}`}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => drop(e, entries.length)}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <h3 id={`overlap-axis-${axis}`} className={Classes.HEADING} style={{ margin: 0 }}>
          {title}
        </h3>
        <span style={{ flex: 1 }} />
        <span
          className={counter.over ? Classes.INTENT_DANGER : Classes.TEXT_MUTED}
          style={counter.over ? { color: 'var(--bp-intent-danger-rest, #cd4246)' } : undefined}
          data-testid={`overlap-counter-${axis}`}
        >
          {t('form.counter', { n: counter.n, max: counter.max })}
        </span>
        <Button icon="add" text={t('form.select')} onClick={() => setPicking(true)} data-testid={`overlap-select-${axis}`} />
      </div>
      <FormGroup label={t('form.axisLabel')} labelFor={`overlap-axis-name-${axis}`} style={{ marginTop: 8 }}>
        <InputGroup
          id={`overlap-axis-name-${axis}`}
          value={axis === 'x' ? form.xAxisName : form.yAxisName}
          onChange={(e) => form.set(axis === 'x' ? 'xAxisName' : 'yAxisName', e.target.value)}
        />
      </FormGroup>
      {axisError && (
        <p className={Classes.INTENT_DANGER} style={{ color: '#cd4246' }} data-testid={`overlap-axis-error-${axis}`}>
          {axisError}
        </p>
      )}
      <HTMLTable compact style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('form.name')}</th>
            <th>
              <Tooltip content={isTier3 ? t('form.matchedTip') : t('form.peopleTip')}>
                <span>{isTier3 ? t('form.matchedHeader') : t('form.peopleHeader')}</span>
              </Tooltip>
            </th>
            {isTier3 && (
              <th>
                <Tooltip content={t('form.modeledTip')}>
                  <span>{t('form.modeledHeader')}</span>
                </Tooltip>
              </th>
            )}
            <th>
              <span className={Classes.TEXT_MUTED}>{t('form.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => {
            const err = form.shownErrors[`${axis}_segments.${i}.name`];
            const c = form.counts[e.short_id];
            return (
              <tr
                key={`${e.short_id}-${i}`}
                draggable
                onDragStart={(ev) => {
                  ev.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ axis, index: i }));
                  ev.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(ev) => {
                  ev.preventDefault();
                  setDropAt(i);
                }}
                onDragLeave={() => setDropAt(null)}
                onDrop={(ev) => {
                  ev.stopPropagation();
                  drop(ev, i);
                }}
                style={{ cursor: 'grab', boxShadow: dropAt === i ? 'inset 0 2px 0 #2d72d2' : undefined }}
                data-testid={`overlap-entry-${axis}-${i}`}
              >
                <td>
                  <InputGroup
                    small
                    value={e.name}
                    aria-label={t('form.rename', { id: e.short_id })}
                    intent={err ? 'danger' : 'none'}
                    onChange={(ev) => form.rename(axis, i, ev.target.value)}
                    title={err}
                  />
                  {err && <div style={{ color: '#cd4246', fontSize: 12 }}>{err}</div>}
                </td>
                <td>
                  {c ? formatCount(c.matched) : ''}
                  {c && c.matched === 0 && (
                    // OVL-019 / A-04: the overlap wording ('The audience ...').
                    <Tooltip content={t('zeroCount.entry')}>
                      <Icon
                        icon="warning-sign"
                        intent="warning"
                        style={{ marginLeft: 4 }}
                        aria-label={t('zeroCount.entry')}
                        data-testid={`overlap-entry-zero-${e.short_id}`}
                      />
                    </Tooltip>
                  )}
                </td>
                {isTier3 && <td>{c ? formatCount(c.modeled) : ''}</td>}
                <td style={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-up"
                    aria-label={t('form.up')}
                    disabled={i === 0}
                    onClick={() => form.move({ axis, index: i }, { axis, index: i - 1 })}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-down"
                    aria-label={t('form.down')}
                    disabled={i === entries.length - 1}
                    onClick={() => form.move({ axis, index: i }, { axis, index: i + 1 })}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon={axis === 'x' ? 'arrow-right' : 'arrow-left'}
                    aria-label={t('form.moveTo', { axis: other.toUpperCase() })}
                    disabled={form[other].length >= MAX_AXIS}
                    onClick={() => form.move({ axis, index: i }, { axis: other, index: form[other].length })}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="cross"
                    aria-label={t('form.remove', { name: e.name })}
                    onClick={() => form.removeEntry(axis, i)}
                    data-testid={`overlap-remove-${axis}-${i}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <SegmentPicker
        isOpen={picking}
        onClose={() => setPicking(false)}
        onSelect={(segments) => {
          form.addSegments(axis, segments);
          setPicking(false);
        }}
        multiple
        context="overlap"
        max={MAX_AXIS}
        title={t('form.pickerTitle')}
      />
    </section>
  );
});
