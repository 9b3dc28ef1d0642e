import { type InsightsLevel, SegmentPicker } from '@discovery/insights-kit';
import { Button, Callout, Classes, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { SlideInPanel } from '@discovery/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsightTabDto, InsightWidgetDto, WidgetInput } from '../../common';
import type { FieldErrors, WidgetTarget } from '../stores/InsightsPanelStore';

/** GROW-081 / EXP-005: the market-level demographic form is 800 wide, the region demographic form 650. */
export const FORM_WIDTH: Record<WidgetTarget, 800 | 650> = { owner: 800, region: 650 };

interface AttributeDraft {
  name: string;
  number: string;
  segment_identifier: string | null;
}

export interface WidgetFormProps {
  target: WidgetTarget;
  level: InsightsLevel;
  /** The target's tabs of this level (the widget may join one). */
  tabs: InsightTabDto[];
  /** The widget being edited, or null for a new one. */
  widget: InsightWidgetDto | null;
  onSave: (input: WidgetInput) => Promise<FieldErrors | null>;
  onClose: () => void;
}

const NEW_TAB = 'new';
const F = 'insight_widget.';

/**
 * The custom widget editor of the demographic forms (GROW-081 DESIGN: shared by Grow, Journeys
 * and Explore): a tab (existing or new), a name, a demographic category and the attributes:
 * survey percents or values on Market Level, segments on Person Level (counted by the engine).
 */
export function WidgetForm(props: WidgetFormProps) {
  const { t } = useTranslation('insights');
  const w = props.widget;
  const [tab, setTab] = useState<string>(w ? String(w.insight_tab_id) : props.tabs[0] ? String(props.tabs[0].id) : NEW_TAB);
  const [tabName, setTabName] = useState('');
  const [name, setName] = useState(w?.name ?? '');
  const [category, setCategory] = useState(w?.demographic_category ?? '');
  const [unit, setUnit] = useState<'percent' | 'value'>(w && w.attributes.length > 0 && w.attributes.every((a) => a.percent === null) ? 'value' : 'percent');
  const [attributes, setAttributes] = useState<AttributeDraft[]>(
    w
      ? w.attributes.map((a) => ({ name: a.name, number: String(a.percent ?? a.value ?? ''), segment_identifier: a.segment_identifier }))
      : props.level === 'market'
        ? [{ name: '', number: '', segment_identifier: null }]
        : [],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);

  const title = props.target === 'region' ? t('form.regionTitle') : props.level === 'market' ? t('form.marketTitle') : t('form.personTitle');
  const err = (key: string) => errors[`${F}${key}`];
  const set = (i: number, patch: Partial<AttributeDraft>) => setAttributes((list) => list.map((a, j) => (j === i ? { ...a, ...patch } : a)));

  const input = (): WidgetInput => ({
    level: props.level,
    insight_tab_id: tab === NEW_TAB ? null : Number(tab),
    tab_name: tab === NEW_TAB ? tabName : null,
    name,
    demographic_category: category,
    attributes: attributes.map((a) => {
      const n = a.number.trim() === '' ? null : Number(a.number);
      return props.level === 'person'
        ? { name: a.name, segment_identifier: a.segment_identifier }
        : { name: a.name, percent: unit === 'percent' ? n : null, value: unit === 'value' ? n : null };
    }),
  });

  const save = () => {
    setSaving(true);
    props
      .onSave(input())
      .then(
        (refused) => (refused ? setErrors(refused) : props.onClose()),
        (e: unknown) => setErrors({ _: (e as Error).message }),
      )
      .finally(() => setSaving(false));
  };

  const general = errors._ ?? errors[`${F}attributes`] ?? errors['insight_widget'];
  return (
    <SlideInPanel
      isOpen
      onClose={props.onClose}
      title={title}
      width={FORM_WIDTH[props.target]}
      testId="widget-form"
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button text={t('form.cancel')} onClick={props.onClose} />
          <Button intent="primary" text={t('form.save')} loading={saving} onClick={save} data-testid="widget-save" />
        </div>
      }
    >
      {general && (
        <Callout intent="danger" style={{ marginBottom: 12 }} role="alert">
          {general}
        </Callout>
      )}
      <FormGroup label={t('form.tab')} labelFor="widget-tab" intent={err('insight_tab_id') ? 'danger' : 'none'} helperText={err('insight_tab_id')}>
        <HTMLSelect id="widget-tab" value={tab} onChange={(e) => setTab(e.currentTarget.value)} fill>
          {props.tabs.map((x) => (
            <option key={x.id} value={String(x.id)}>
              {x.name}
            </option>
          ))}
          <option value={NEW_TAB}>{t('form.newTab')}</option>
        </HTMLSelect>
      </FormGroup>
      {tab === NEW_TAB && (
        <FormGroup label={t('form.newTabName')} labelFor="widget-tab-name" intent={err('tab_name') ? 'danger' : 'none'} helperText={err('tab_name')}>
          <InputGroup id="widget-tab-name" value={tabName} onChange={(e) => setTabName(e.target.value)} intent={err('tab_name') ? 'danger' : 'none'} />
        </FormGroup>
      )}
      <FormGroup label={t('form.name')} labelFor="widget-name" intent={err('name') ? 'danger' : 'none'} helperText={err('name')}>
        <InputGroup id="widget-name" value={name} onChange={(e) => setName(e.target.value)} intent={err('name') ? 'danger' : 'none'} />
      </FormGroup>
      <FormGroup
        label={t('form.category')}
        labelFor="widget-category"
        intent={err('demographic_category') ? 'danger' : 'none'}
        helperText={err('demographic_category')}
      >
        <InputGroup
          id="widget-category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          intent={err('demographic_category') ? 'danger' : 'none'}
        />
      </FormGroup>
      {props.level === 'market' && (
        <RadioGroup inline label={t('form.unit')} selectedValue={unit} onChange={(e) => setUnit(e.currentTarget.value as 'percent' | 'value')}>
          <Radio value="percent" label={t('form.percent')} />
          <Radio value="value" label={t('form.value')} />
        </RadioGroup>
      )}
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={Classes.LABEL}>{t('form.attributes')}</legend>
        {attributes.map((a, i) => {
          const n = i + 1;
          const nameErr = err(`attributes.${i}.name`);
          const numErr = err(`attributes.${i}.percent`) ?? err(`attributes.${i}.value`) ?? err(`attributes.${i}.segment_identifier`);
          return (
            <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 8 }} data-testid={`widget-attribute-${i}`}>
              <FormGroup style={{ flex: '1 1 auto', margin: 0 }} intent={nameErr ? 'danger' : 'none'} helperText={nameErr}>
                <InputGroup
                  aria-label={t('form.attributeName', { n })}
                  value={a.name}
                  onChange={(e) => set(i, { name: e.target.value })}
                  intent={nameErr ? 'danger' : 'none'}
                />
              </FormGroup>
              {props.level === 'market' ? (
                <FormGroup style={{ width: 140, margin: 0 }} intent={numErr ? 'danger' : 'none'} helperText={numErr}>
                  <InputGroup
                    aria-label={t('form.attributeNumber', { n, unit: unit === 'percent' ? t('form.percent') : t('form.value') })}
                    type="number"
                    min={0}
                    max={unit === 'percent' ? 100 : undefined}
                    step="any"
                    value={a.number}
                    onChange={(e) => set(i, { number: e.target.value })}
                    rightElement={
                      unit === 'percent' ? (
                        <span className={Classes.TEXT_MUTED} style={{ padding: '0 8px', lineHeight: '30px' }}>
                          %
                        </span>
                      ) : undefined
                    }
                    intent={numErr ? 'danger' : 'none'}
                  />
                </FormGroup>
              ) : (
                <div style={{ width: 200, paddingTop: 6 }} className={Classes.TEXT_MUTED} aria-label={t('form.segment')}>
                  {a.segment_identifier}
                  {numErr && <div style={{ color: '#cd4246' }}>{numErr}</div>}
                </div>
              )}
              <Button
                minimal
                icon="cross"
                aria-label={t('form.removeAttribute', { n })}
                onClick={() => setAttributes((list) => list.filter((_, j) => j !== i))}
              />
            </div>
          );
        })}
      </fieldset>
      {props.level === 'market' ? (
        <Button
          icon="add"
          text={t('form.addAttribute')}
          onClick={() => setAttributes((list) => [...list, { name: '', number: '', segment_identifier: null }])}
          data-testid="widget-add-attribute"
        />
      ) : (
        <Button icon="add" text={t('form.addSegments')} onClick={() => setPicking(true)} data-testid="widget-add-segments" />
      )}
      {picking && (
        <SegmentPicker
          isOpen
          multiple
          context="audience"
          title={t('form.pickerTitle')}
          onClose={() => setPicking(false)}
          onSelect={(segs) => {
            setAttributes((list) => [
              ...list,
              ...segs
                .filter((s) => !list.some((a) => a.segment_identifier === s.identifier))
                .map((s) => ({ name: s.name, number: '', segment_identifier: s.identifier })),
            ]);
            setPicking(false);
          }}
        />
      )}
    </SlideInPanel>
  );
}
