import { SegmentPicker } from '@discovery/insights-kit';
import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { ConfirmDialog, SlideInPanel } from '@discovery/ui';
import type { Settled } from '@discovery/platform';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GROW_FORM_RULES,
  nameTaken,
  PANEL_WIDTHS,
  TAGS,
  type GrowMessageKey,
  type SubMarketDto,
  type SubMarketInput as SubMarketValues,
  type SubMarketTag,
} from '../../common';
import { fieldErrors, useGrowMessage } from '../messages';
import { DiscussionField } from './DiscussionField';
import { WeboramaForm } from './WeboramaForm';

export interface AudienceFormProps {
  isOpen: boolean;
  onClose: () => void;
  audience: SubMarketDto | null;
  /** The audiences of its market (GROW-063 uniqueness). */
  siblings: readonly SubMarketDto[];
  /** GROW-064: a pre-populated chart's audience keeps its name and matched segment. */
  vertical: boolean;
  tier3: boolean;
  weborama: boolean;
  canDelete: boolean;
  busy: boolean;
  segmentName: (id: string) => string;
  /** The Discussions upload page, or null when this user cannot open it (no link then). */
  discussionsUploadHref: string | null;
  onSave: (input: SubMarketValues) => Settled<{ ok: boolean; fields?: Record<string, string> }>;
  onDelete: () => Promise<boolean>;
}

type SegmentField = 'matched_short_id' | 'modeled_short_id';

/** GROW-062..074: the audience (sub-market) form, 550 wide. */
export function AudienceForm(props: AudienceFormProps) {
  const { t } = useTranslation('insights-grow');
  const message = useGrowMessage();
  const id = useId();
  const [values, setValues] = useState<{
    name: string;
    tag: SubMarketTag;
    population: string;
    matched: string | null;
    modeled: string | null;
    webo: string;
    discussion: number | null;
  }>({
    name: '',
    tag: 'none',
    population: '0',
    matched: null,
    modeled: null,
    webo: '',
    discussion: null,
  });
  const [names, setNames] = useState<Record<string, string>>({});
  const [picking, setPicking] = useState<SegmentField | null>(null);
  const [webo, setWebo] = useState(false);
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<'delete' | 'prediction' | null>(null);

  useEffect(() => {
    if (!props.isOpen) return;
    const a = props.audience;
    setValues({
      name: a?.name ?? '',
      tag: a?.tag ?? 'none',
      population: String(a?.population ?? 0),
      matched: a?.matched_short_id ?? null,
      modeled: a?.modeled_short_id ?? null,
      webo: a?.webo_cluster_id ?? '',
      discussion: a?.discussion_cluster_node_id ?? null,
    });
    setNames({});
    setTouched(false);
    setServer({});
  }, [props.isOpen, props.audience]);

  const input: SubMarketValues = {
    name: values.name,
    tag: values.tag,
    population: values.population,
    matched_short_id: values.matched,
    modeled_short_id: values.modeled,
    webo_cluster_id: values.webo || null,
    discussion_cluster_node_id: values.discussion,
  };
  const parsed = GROW_FORM_RULES.SubMarketInput.safeParse(input);
  const local = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!local.name && nameTaken(values.name, props.siblings, props.audience?.id ?? null)) local.name = 'audienceNameUsed' satisfies GrowMessageKey;
  const valid = Object.keys(local).length === 0;
  const err = (field: string) => message((touched ? local[field] : null) ?? server[`sub_market.${field}`]);

  // onSave never rejects (the store's failure is its notice), nor does setting the field messages.
  const submit = (): Settled<void> =>
    props.onSave(input).then((r) => {
      if (!r.ok) setServer(r.fields ?? {});
    });
  const save = () => {
    setTouched(true);
    if (!valid) return;
    // GROW-073: editing an audience a prediction model uses asks first.
    if (props.audience?.in_prediction_model) setConfirm('prediction');
    else submit();
  };
  const segment = (field: SegmentField, label: string, disabled: boolean) => {
    const value = field === 'matched_short_id' ? values.matched : values.modeled;
    const set = (v: string | null) => setValues((x) => ({ ...x, [field === 'matched_short_id' ? 'matched' : 'modeled']: v }));
    return (
      <FormGroup label={label} intent={err(field) ? 'danger' : 'none'} helperText={err(field)}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <span style={{ flex: 1 }} data-testid={`grow-audience-${field}`}>
            {value ? (names[value] ?? props.segmentName(value)) : t('audienceForm.none')}
          </span>
          <Button
            icon="search"
            text={t('audienceForm.choose')}
            disabled={disabled}
            onClick={() => setPicking(field)}
            data-testid={`grow-audience-pick-${field}`}
          />
          {value && !disabled && <Button variant="minimal" icon="cross" aria-label={t('audienceForm.clear', { label })} onClick={() => set(null)} />}
        </div>
      </FormGroup>
    );
  };

  return (
    <SlideInPanel
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={props.audience ? t('audienceForm.editTitle') : t('audienceForm.newTitle')}
      width={PANEL_WIDTHS.audience}
      testId="grow-audience-form"
      footer={
        <>
          {props.audience && props.canDelete && (
            <Button
              intent="danger"
              variant="minimal"
              icon="trash"
              text={t('audienceForm.delete')}
              onClick={() => setConfirm('delete')}
              data-testid="grow-audience-delete"
            />
          )}
          <span style={{ flex: 1 }} />
          <Button text={t('cancel')} onClick={props.onClose} />
          {/* GROW-072: Save is disabled while the form is invalid. */}
          <Button intent="primary" text={t('save')} disabled={!valid} loading={props.busy} onClick={save} data-testid="grow-audience-save" />
        </>
      }
    >
      <FormGroup label={t('audienceForm.name')} labelFor={`${id}-name`} intent={err('name') ? 'danger' : 'none'} helperText={err('name')}>
        <InputGroup
          id={`${id}-name`}
          value={values.name}
          disabled={props.vertical}
          onChange={(e) => {
            setValues((x) => ({ ...x, name: e.target.value }));
            setTouched(true);
            setServer({});
          }}
          data-testid="grow-audience-input"
        />
      </FormGroup>
      <FormGroup label={t('audienceForm.tag')} labelFor={`${id}-tag`}>
        <HTMLSelect
          id={`${id}-tag`}
          value={values.tag}
          onChange={(e) => setValues((x) => ({ ...x, tag: e.target.value as SubMarketTag }))}
          data-testid="grow-audience-tag"
        >
          {TAGS.map((tag) => (
            <option key={tag} value={tag}>
              {t(`tags.${tag}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={t('audienceForm.population')}
        labelFor={`${id}-population`}
        intent={err('population') ? 'danger' : 'none'}
        helperText={err('population')}
      >
        <InputGroup
          id={`${id}-population`}
          inputMode="numeric"
          value={values.population}
          onChange={(e) => {
            setValues((x) => ({ ...x, population: e.target.value }));
            setTouched(true);
          }}
          data-testid="grow-audience-population"
        />
      </FormGroup>
      {segment('matched_short_id', t('audienceForm.matched'), props.vertical)}
      {/* GROW-016: no modeled audience in tier 3. */}
      {!props.tier3 && segment('modeled_short_id', t('audienceForm.modeled'), false)}
      {/* GROW-067: Weborama access only. */}
      {props.weborama && (
        <FormGroup label={t('audienceForm.weborama')}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span style={{ flex: 1 }} data-testid="grow-audience-webo">
              {values.webo || t('audienceForm.none')}
            </span>
            <Button icon="edit" text={t('weboramaForm.open')} onClick={() => setWebo(true)} data-testid="grow-audience-webo-edit" />
          </div>
        </FormGroup>
      )}
      {/* GROW-068: the Weborama discussion form. */}
      <WeboramaForm
        isOpen={webo}
        onClose={() => setWebo(false)}
        value={values.webo || null}
        onApply={(v) => {
          setValues((x) => ({ ...x, webo: v ?? '' }));
          setWebo(false);
        }}
      />
      {/* GROW-069..071: the client's discussions with clusters, fetched while the form is open. */}
      <DiscussionField
        isOpen={props.isOpen}
        value={values.discussion}
        onChange={(discussion) => setValues((x) => ({ ...x, discussion }))}
        uploadHref={props.discussionsUploadHref}
      />
      <SegmentPicker
        isOpen={picking !== null}
        onClose={() => setPicking(null)}
        context="audience"
        onSelect={(segs) => {
          const s = segs[0];
          if (s && picking) {
            setNames((n) => ({ ...n, [s.identifier]: s.name }));
            setValues((x) => ({ ...x, [picking === 'matched_short_id' ? 'matched' : 'modeled']: s.identifier }));
          }
          setPicking(null);
        }}
      />
      <ConfirmDialog
        isOpen={confirm === 'delete'}
        title={t('audienceForm.confirmDelete', { name: props.audience?.name ?? '' })}
        intent="danger"
        confirmButtonText={t('deleteButton')}
        cancelButtonText={t('cancel')}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          setConfirm(null);
          await props.onDelete();
        }}
        data-testid="grow-audience-confirm-delete"
      />
      <ConfirmDialog
        isOpen={confirm === 'prediction'}
        title={t('audienceForm.predictionTitle')}
        intent="warning"
        confirmButtonText={t('audienceForm.continue')}
        cancelButtonText={t('cancel')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          submit();
        }}
        data-testid="grow-audience-confirm-prediction"
      >
        {t('dialogs.predictionModel')}
      </ConfirmDialog>
    </SlideInPanel>
  );
}
