import { Button, ButtonGroup, Card, Checkbox, Classes, FormGroup, InputGroup, Intent, PopoverNext, Tooltip } from '@blueprintjs/core';
import { ApiClientToken, ConfigStoreToken, HierarchyStoreToken, ToastStoreToken, useService } from '@discovery/platform';
import { ConfirmDialog, LoadingSpinner, PageTitle, StateMessage, VisuallyHidden } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { brandColour, journeyEndpoints as E, journeyRoute, STAGE_ICONS, type StageIcon as StageIconName } from '../../common';
import { MappingPane } from '../components/MappingPane';
import { StageIcon } from '../components/StageIcon';
import { NS, translateMessage, useJourneyMessage } from '../messages';
import { JourneyBuilderStore, type DraftBrand, type DraftStage } from '../stores/JourneyBuilderStore';
import { JourneyStoreToken } from '../stores/JourneyStore';

/** The stage column's width in the builder's grid (the viewer's minimum, JRN-020). */
const COLUMN = 220;

/**
 * The journey builder (001 §2.4, §4.2): name, default and transition-data checkboxes, Cancel and
 * Save above a grid of brands (rows) by stages (columns), each cell opening the mapping pane.
 * Every rule is JourneyBuilderStore's (and ../../common's); this page renders it.
 */
const JourneyBuilderPage = observer(function JourneyBuilderPage() {
  const { t } = useTranslation(NS);
  const msg = useJourneyMessage();
  const api = useService(ApiClientToken);
  const hierarchy = useService(HierarchyStoreToken);
  const toasts = useService(ToastStoreToken);
  const viewer = useService(JourneyStoreToken);
  const tier3 = useService(ConfigStoreToken).isTier3;
  const navigate = useNavigate();
  const params = useParams();
  const id = params.journeyId && /^\d+$/.test(params.journeyId) ? Number(params.journeyId) : null;
  const productName = hierarchy.nodes.product?.name ?? '';
  const [builder, setBuilder] = useState<JourneyBuilderStore | null>(null);
  const [missing, setMissing] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'brand' | 'stage'; key: string; name: string } | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let live = true;
    setBuilder(null);
    setMissing(false);
    const ready = async () => {
      const b = id === null ? JourneyBuilderStore.newJourney(productName) : JourneyBuilderStore.fromJourney((await api.call(E.get, { params: { id } })).data);
      // JRN-054: the discussion nodes, names and settings are fetched while the journey is under edit.
      await b.loadContext(api, async () => (await api.call(E.list, {}, { silent: true })).data);
      if (live) setBuilder(b);
    };
    ready().catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [api, id, productName]);

  const toViewer = (journeyId: number | null): void => {
    navigate(journeyRoute.link(hierarchy.selection, journeyId !== null ? { journeyId } : {}), { replace: false });
  };

  if (missing)
    return (
      <StateMessage
        level={1}
        icon="path"
        title={t('builder.titleEdit')}
        description={t('builder.notFound')}
        action={<Button text={t('builder.back')} onClick={() => toViewer(null)} />}
        data-testid="journey-builder-missing"
      />
    );
  if (!builder) return <LoadingSpinner size={32} />;
  const d = builder.draft;

  // JRN-049: with unsaved changes Cancel asks first.
  const cancel = () => (builder.dirty ? setLeaving(true) : toViewer(id));
  const save = async () => {
    const saved = await builder.save(api, toasts, (m) => translateMessage(m));
    if (saved !== null) {
      await viewer.reload(saved).catch(() => undefined);
      toViewer(saved);
    }
  };

  return (
    <section data-testid="journey-builder" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <PageTitle style={{ margin: 0 }}>{id === null ? t('builder.titleNew') : t('builder.titleEdit')}</PageTitle>
        <span style={{ flex: 1 }} />
        {!builder.valid && (
          <span className={Classes.TEXT_MUTED} data-testid="journey-builder-invalid">
            {t('builder.invalidHint')}
          </span>
        )}
        <Button text={t('builder.cancel')} onClick={cancel} data-testid="journey-builder-cancel" />
        <Button
          intent="primary"
          icon="floppy-disk"
          text={t('builder.save')}
          disabled={!builder.canSave}
          loading={builder.saving}
          onClick={() => save()}
          data-testid="journey-builder-save"
        />
      </div>

      {/* JRN-031: name, default, transition data. */}
      <Card style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormGroup
          label={t('builder.name')}
          labelFor="journey-name"
          intent={builder.nameError ? Intent.DANGER : Intent.NONE}
          helperText={msg(builder.nameError) ?? undefined}
          style={{ flex: '1 1 320px', marginBottom: 0 }}
        >
          <InputGroup
            id="journey-name"
            value={d.name}
            placeholder={t('builder.namePlaceholder')}
            intent={builder.nameError ? Intent.DANGER : Intent.NONE}
            onChange={(e) => builder.setName(e.target.value)}
            onBlur={() => builder.touch('name')}
            data-testid="journey-builder-name"
          />
        </FormGroup>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, paddingTop: 22 }}>
          <Checkbox
            checked={d.default}
            label={t('builder.default')}
            onChange={(e) => builder.setDefault(e.currentTarget.checked)}
            data-testid="journey-builder-default"
            style={{ marginBottom: 0 }}
          />
          <Checkbox
            checked={d.has_transition_data}
            label={t('builder.transition')}
            onChange={(e) => builder.setTransitionData(e.currentTarget.checked)}
            data-testid="journey-builder-transition"
            style={{ marginBottom: 0 }}
          />
        </div>
      </Card>

      {/* The grid: brands (rows) by stages (columns). */}
      <Card style={{ padding: 0, overflowX: 'auto' }}>
        <table
          role="grid"
          aria-label={t('builder.grid')}
          style={{ borderCollapse: 'separate', borderSpacing: 8, minWidth: '100%' }}
          data-testid="journey-builder-grid"
        >
          <thead>
            <tr>
              <th scope="col" style={{ width: 240, textAlign: 'left', verticalAlign: 'bottom' }} className={Classes.TEXT_MUTED}>
                {t('builder.brandsHeader')}
              </th>
              {d.stages.map((s, i) => (
                <th key={s.key} scope="col" style={{ width: COLUMN, minWidth: COLUMN, verticalAlign: 'top', textAlign: 'left' }}>
                  <StageHeader builder={builder} stage={s} index={i} onDelete={() => setConfirm({ kind: 'stage', key: s.key, name: s.name })} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {d.brands.map((b, i) => (
              <tr key={b.key} data-testid={`journey-builder-brand-${i}`}>
                <th scope="row" style={{ verticalAlign: 'top', textAlign: 'left', fontWeight: 'normal' }}>
                  <BrandHeader builder={builder} brand={b} index={i} onDelete={() => setConfirm({ kind: 'brand', key: b.key, name: b.name })} />
                </th>
                {d.stages.map((s, j) => (
                  <td key={s.key} style={{ verticalAlign: 'top' }}>
                    <CellButton builder={builder} brand={b} stage={s} testId={`journey-builder-cell-${i}-${j}`} tier3={tier3} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {/* JRN-038: while fewer than 4 brands. */}
        {builder.canAddBrand && (
          <div style={{ padding: '0 8px 8px' }}>
            <Button
              icon="add"
              variant="minimal"
              intent="primary"
              text={t('builder.addBrand')}
              onClick={() => builder.addBrand()}
              data-testid="journey-builder-add-brand"
            />
          </div>
        )}
      </Card>

      <MappingPane builder={builder} tier3={tier3} />

      {/* JRN-040. */}
      <ConfirmDialog
        isOpen={!!confirm}
        intent="danger"
        icon="trash"
        title={confirm ? t('messages.deleteItemConfirm', { name: confirm.name }) : ''}
        confirmButtonText={t('deleteButton')}
        cancelButtonText={t('cancel')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === 'brand') builder.deleteBrand(confirm.key);
          else if (confirm) builder.deleteStage(confirm.key);
          setConfirm(null);
        }}
        data-testid="journey-builder-delete-confirm"
      />
      {/* JRN-049. */}
      <ConfirmDialog
        isOpen={leaving}
        intent="warning"
        icon="warning-sign"
        title={msg('unsavedTitle')}
        confirmButtonText={msg('discard') ?? ''}
        cancelButtonText={t('cancel')}
        onCancel={() => setLeaving(false)}
        onConfirm={() => {
          setLeaving(false);
          toViewer(id);
        }}
        data-testid="journey-builder-unsaved"
      >
        {msg('unsavedBody')}
      </ConfirmDialog>
    </section>
  );
});

/** JRN-033 / JRN-035..037 / JRN-043 / JRN-047: a stage's icon, name and controls. */
const StageHeader = observer(function StageHeader({
  builder,
  stage,
  index,
  onDelete,
}: {
  builder: JourneyBuilderStore;
  stage: DraftStage;
  index: number;
  onDelete: () => void;
}) {
  const { t } = useTranslation(NS);
  const msg = useJourneyMessage();
  const error = builder.itemError('stage', stage.key);
  const tid = `journey-builder-stage-${index}`;
  return (
    <div data-testid={tid} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div style={{ display: 'flex', gap: 4 }}>
        <IconPicker value={stage.icon} onChange={(icon) => builder.setIcon(stage.key, icon)} testId={`${tid}-icon`} stageName={stage.name} />
        <InputGroup
          value={stage.name}
          aria-label={t('builder.stageName')}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={(e) => builder.renameStage(stage.key, e.target.value)}
          onBlur={() => builder.touch(stage.key)}
          data-testid={`${tid}-name`}
          fill
        />
      </div>
      {error && (
        <div
          className={`${Classes.FORM_HELPER_TEXT} ${Classes.INTENT_DANGER}`}
          style={{ color: 'var(--bp-intent-danger-text, #c23030)', fontWeight: 'normal', fontSize: 12 }}
          role="alert"
          data-testid={`${tid}-error`}
        >
          {msg(error)}
        </div>
      )}
      <ButtonGroup variant="minimal" size="small" aria-label={t('builder.stageMenu', { name: stage.name })} style={{ alignSelf: 'flex-start' }}>
        {builder.canMoveStage(stage.key, -1) && (
          <Tip text={t('builder.moveLeft')}>
            <Button icon="chevron-left" aria-label={t('builder.moveLeft')} onClick={() => builder.moveStage(stage.key, -1)} data-testid={`${tid}-left`} />
          </Tip>
        )}
        {builder.canAddStage && (
          <Tip text={t('builder.addBefore')}>
            <Button
              icon="add-column-left"
              aria-label={t('builder.addBefore')}
              onClick={() => builder.addStage(stage.key, 'before')}
              data-testid={`${tid}-add-before`}
            />
          </Tip>
        )}
        {builder.canAddStage && (
          <Tip text={t('builder.addAfter')}>
            <Button
              icon="add-column-right"
              aria-label={t('builder.addAfter')}
              onClick={() => builder.addStage(stage.key, 'after')}
              data-testid={`${tid}-add-after`}
            />
          </Tip>
        )}
        {builder.canMoveStage(stage.key, 1) && (
          <Tip text={t('builder.moveRight')}>
            <Button icon="chevron-right" aria-label={t('builder.moveRight')} onClick={() => builder.moveStage(stage.key, 1)} data-testid={`${tid}-right`} />
          </Tip>
        )}
        {builder.canDeleteStage && (
          <Tip text={t('builder.deleteStage')}>
            <Button icon="trash" intent="danger" aria-label={t('builder.deleteStage')} onClick={onDelete} data-testid={`${tid}-delete`} />
          </Tip>
        )}
      </ButtonGroup>
    </div>
  );
});

/** JRN-034 / JRN-035 / JRN-036 / JRN-048: a brand's colour, name and controls. */
const BrandHeader = observer(function BrandHeader({
  builder,
  brand,
  index,
  onDelete,
}: {
  builder: JourneyBuilderStore;
  brand: DraftBrand;
  index: number;
  onDelete: () => void;
}) {
  const { t } = useTranslation(NS);
  const msg = useJourneyMessage();
  const error = builder.itemError('brand', brand.key);
  const tid = `journey-builder-brand-${index}`;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, width: 240 }}>
      <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <span aria-hidden style={{ width: 12, height: 32, borderRadius: 3, background: brandColour(index), flex: 'none' }} data-testid={`${tid}-colour`} />
        <InputGroup
          value={brand.name}
          aria-label={t('builder.brandName')}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={(e) => builder.renameBrand(brand.key, e.target.value)}
          onBlur={() => builder.touch(brand.key)}
          data-testid={`${tid}-name`}
          fill
        />
      </div>
      {error && (
        <div style={{ color: 'var(--bp-intent-danger-text, #c23030)', fontSize: 12 }} role="alert" data-testid={`${tid}-error`}>
          {msg(error)}
        </div>
      )}
      {/* Issue 27 §5: a named div needs a role (axe aria-prohibited-attr): the brand's actions are a group. */}
      <ButtonGroup
        variant="minimal"
        size="small"
        role="group"
        aria-label={t('builder.brandMenu', { name: brand.name })}
        style={{ alignSelf: 'flex-start', paddingLeft: 14 }}
      >
        {builder.canMoveBrand(brand.key, -1) && (
          <Tip text={t('builder.moveUp')}>
            <Button icon="chevron-up" aria-label={t('builder.moveUp')} onClick={() => builder.moveBrand(brand.key, -1)} data-testid={`${tid}-up`} />
          </Tip>
        )}
        {builder.canMoveBrand(brand.key, 1) && (
          <Tip text={t('builder.moveDown')}>
            <Button icon="chevron-down" aria-label={t('builder.moveDown')} onClick={() => builder.moveBrand(brand.key, 1)} data-testid={`${tid}-down`} />
          </Tip>
        )}
        {builder.canDeleteBrand && (
          <Tip text={t('builder.deleteBrand')}>
            <Button icon="trash" intent="danger" aria-label={t('builder.deleteBrand')} onClick={onDelete} data-testid={`${tid}-delete`} />
          </Tip>
        )}
      </ButtonGroup>
    </div>
  );
});

/** A cell of the grid: what it maps, a click opens the mapping pane (JRN-050). */
const CellButton = observer(function CellButton({
  builder,
  brand,
  stage,
  testId,
  tier3,
}: {
  builder: JourneyBuilderStore;
  brand: DraftBrand;
  stage: DraftStage;
  testId: string;
  tier3: boolean;
}) {
  const { t } = useTranslation(NS);
  const c = builder.cell(brand.key, stage.key);
  if (!c) return null;
  const name = (id: string | null) => (id ? (builder.segmentNames[id] ?? id) : null);
  const lines = [
    [t('builder.matchedShort'), name(c.matched_id)],
    ...(tier3 ? [] : [[t('builder.modeledShort'), name(c.modeled_id)]]),
    [t('builder.populationShort'), c.population > 0 ? c.population.toLocaleString('en-US') : null],
    [t('builder.discussionShort'), builder.nodes.find((n) => n.id === c.discussion_cluster_node_id)?.name ?? null],
  ].filter((l): l is [string, string] => l[1] !== null);
  const active = builder.editing?.brandKey === brand.key && builder.editing.stageKey === stage.key;
  return (
    <Button
      variant="outlined"
      alignText="start"
      fill
      active={active}
      onClick={() => builder.openCell(brand.key, stage.key)}
      data-testid={testId}
      style={{ minHeight: 72, width: COLUMN, alignItems: 'flex-start', borderLeft: `3px solid ${brandColour(builder.draft.brands.indexOf(brand))}` }}
    >
      {/* The cell's name for screen readers, before what it maps (its visible text stays its name). */}
      <VisuallyHidden>{t('builder.cell', { brand: brand.name, stage: stage.name })}: </VisuallyHidden>
      {lines.length === 0 ? (
        <span className={Classes.TEXT_MUTED}>{t('builder.cellEmpty')}</span>
      ) : (
        <span style={{ display: 'flex', flexDirection: 'column', gap: 2, fontSize: 12, whiteSpace: 'normal' }}>
          {lines.map(([label, value]) => (
            <span key={label}>
              <span className={Classes.TEXT_MUTED}>{label}:</span> {value}
            </span>
          ))}
        </span>
      )}
    </Button>
  );
});

/** JRN-043: the stage icon choices in a grid. */
function IconPicker({
  value,
  onChange,
  testId,
  stageName,
}: {
  value: StageIconName;
  onChange: (icon: StageIconName) => void;
  testId: string;
  stageName: string;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-start"
      content={
        <div
          role="group"
          aria-label={t('builder.icon')}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 32px)', gap: 4, padding: 8 }}
          data-testid={`${testId}-menu`}
        >
          {STAGE_ICONS.map((icon) => (
            <Tip key={icon} text={t(`icons.${icon}`)}>
              <Button
                variant="minimal"
                active={icon === value}
                aria-pressed={icon === value}
                aria-label={t(`icons.${icon}`)}
                onClick={() => {
                  onChange(icon);
                  setOpen(false);
                }}
                data-testid={`${testId}-${icon}`}
              >
                <StageIcon icon={icon} />
              </Button>
            </Tip>
          ))}
        </div>
      }
    >
      <Button variant="outlined" aria-label={t('builder.iconFor', { name: stageName, icon: t(`icons.${value}`) })} aria-haspopup="dialog" data-testid={testId}>
        <StageIcon icon={value} />
      </Button>
    </PopoverNext>
  );
}

function Tip({ text, children }: { text: string; children: React.ReactElement }) {
  return (
    <Tooltip content={text} placement="top" hoverOpenDelay={400}>
      {children}
    </Tooltip>
  );
}

export default JourneyBuilderPage;
