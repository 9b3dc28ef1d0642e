import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { SlideInPanel } from '@discovery/ui';
import type { Settled } from '@discovery/platform';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNT_TYPES,
  DEFAULT_MEASUREMENT_LABEL,
  GROW_FORM_RULES,
  nameTaken,
  PANEL_WIDTHS,
  type CountType,
  type CreationMethod,
  type GrowMessageKey,
  type MekkoInput,
  type MekkoSummaryDto,
  type VerticalDto,
} from '../../common';
import { fieldErrors, useGrowMessage } from '../messages';

export interface ChartFormProps {
  isOpen: boolean;
  onClose: () => void;
  /** The chart edited; null creates one. */
  chart: MekkoSummaryDto | null;
  charts: readonly MekkoSummaryDto[];
  verticals: readonly VerticalDto[];
  /** GROW-041/042: pre-populated charts for clients with the top-level person tab. */
  canPrePopulate: boolean;
  /** GROW-043: update permission and TV settings in the region. */
  canChangeCountType: boolean;
  busy: boolean;
  onSave: (input: MekkoInput) => Settled<{ ok: boolean; fields?: Record<string, string> }>;
}

/** GROW-039..046: the chart form (650 wide): creation method, vertical, name, label, count type, default. */
export function ChartForm(props: ChartFormProps) {
  const { t } = useTranslation('insights-grow');
  const message = useGrowMessage();
  const id = useId();
  const [method, setMethod] = useState<CreationMethod>('blank');
  const [vertical, setVertical] = useState('');
  const [name, setName] = useState('');
  const [label, setLabel] = useState(DEFAULT_MEASUREMENT_LABEL);
  const [countType, setCountType] = useState<CountType>('people_count');
  const [isDefault, setDefault] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!props.isOpen) return;
    setMethod('blank');
    setVertical(props.chart?.vertical_type ?? '');
    setName(props.chart?.name ?? '');
    setLabel(props.chart?.measurement_label ?? DEFAULT_MEASUREMENT_LABEL);
    setCountType(props.chart?.count_type ?? 'people_count');
    setDefault(props.chart?.default ?? false);
    setServer({});
    setTouched(false);
  }, [props.isOpen, props.chart]);

  const input: MekkoInput = {
    name,
    measurement_label: label,
    count_type: countType,
    default: isDefault,
    creation_method: props.chart ? 'blank' : method,
    vertical_type: method === 'prePopulated' ? vertical || null : null,
  };
  const parsed = GROW_FORM_RULES.MekkoInput.safeParse(input);
  const local = parsed.success ? {} : fieldErrors(parsed.error.issues);
  // GROW-045 / A-03: the inline uniqueness message; the server's conflict reads 'Chart name already used'.
  if (!local.name && nameTaken(name, props.charts, props.chart?.id ?? null)) local.name = 'chartNameInUse' satisfies GrowMessageKey;
  const verticalMissing = !props.chart && method === 'prePopulated' && !vertical;
  // GROW-046: Save only with a non-blank, unique name.
  const valid = Object.keys(local).length === 0 && !verticalMissing;
  const nameError = (touched || name.length > 0 ? local.name : null) ?? server['mekko.name'];

  const save = async () => {
    setTouched(true);
    if (!valid) return;
    const r = await props.onSave(input);
    if (!r.ok) setServer(r.fields ?? {});
  };

  return (
    <SlideInPanel
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={props.chart ? t('chartForm.editTitle') : t('chartForm.newTitle')}
      width={PANEL_WIDTHS.chart}
      testId="grow-chart-form"
      footer={
        <>
          <Button text={t('cancel')} onClick={props.onClose} />
          <Button intent="primary" text={t('save')} disabled={!valid} loading={props.busy} onClick={() => save()} data-testid="grow-chart-save" />
        </>
      }
    >
      {!props.chart && props.canPrePopulate && (
        <RadioGroup
          label={t('chartForm.method')}
          selectedValue={method}
          onChange={(e) => {
            const next = e.currentTarget.value as CreationMethod;
            setMethod(next);
            // GROW-040: blank clears the vertical.
            if (next === 'blank') setVertical('');
          }}
          inline
        >
          <Radio value="blank" label={t('chartForm.blank')} data-testid="grow-method-blank" />
          <Radio value="prePopulated" label={t('chartForm.prePopulated')} data-testid="grow-method-pre" />
        </RadioGroup>
      )}
      {!props.chart && method === 'prePopulated' && (
        <FormGroup label={t('chartForm.vertical')} labelFor={`${id}-vertical`}>
          <HTMLSelect
            id={`${id}-vertical`}
            value={vertical}
            onChange={(e) => {
              setVertical(e.target.value);
              // GROW-041: picking a vertical names the chart after it.
              const v = props.verticals.find((x) => x.vertical_type === e.target.value);
              if (v) setName(v.display_name);
            }}
            fill
            data-testid="grow-vertical"
          >
            <option value="">{t('chartForm.chooseVertical')}</option>
            {props.verticals.map((v) => (
              <option key={v.vertical_type} value={v.vertical_type}>
                {v.display_name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      <FormGroup label={t('chartForm.name')} labelFor={`${id}-name`} intent={nameError ? 'danger' : 'none'} helperText={message(nameError)}>
        <InputGroup
          id={`${id}-name`}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setServer({});
          }}
          onBlur={() => setTouched(true)}
          intent={nameError ? 'danger' : 'none'}
          data-testid="grow-chart-name"
        />
      </FormGroup>
      <FormGroup label={t('chartForm.label')} labelFor={`${id}-label`} helperText={message(local.measurement_label)}>
        <InputGroup id={`${id}-label`} value={label} onChange={(e) => setLabel(e.target.value)} data-testid="grow-chart-label" />
      </FormGroup>
      <FormGroup label={t('chartForm.countType')} labelFor={`${id}-count`} helperText={message(server['mekko.count_type'])}>
        <HTMLSelect
          id={`${id}-count`}
          value={countType}
          onChange={(e) => setCountType(e.target.value as CountType)}
          disabled={!props.canChangeCountType}
          data-testid="grow-chart-count-type"
        >
          {COUNT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`chartForm.${c}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Checkbox checked={isDefault} onChange={(e) => setDefault(e.currentTarget.checked)} label={t('chartForm.default')} data-testid="grow-chart-default" />
    </SlideInPanel>
  );
}
