import { SegmentPicker } from '@discovery/insights-kit';
import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { SlideInPanel } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PANEL_WIDTHS } from '../../common';
import { NS } from '../messages';
import type { JourneyBuilderStore } from '../stores/JourneyBuilderStore';

/** Muted text on the pane (#404854: 8.6:1 on white, 7.9:1 on Blueprint's light grey). */
const MUTED = '#404854';

type Kind = 'matched' | 'modeled';

/**
 * JRN-050..056: the cell's edit-mapping pane, 400 wide: the matched and modeled audiences (single
 * select, context 'journey', each clearable; modeled hidden in tier 3; the section hidden when the
 * journey does not show Person Level), the discussion and the population.
 */
export const MappingPane = observer(function MappingPane({ builder, tier3 }: { builder: JourneyBuilderStore; tier3: boolean }) {
  const { t } = useTranslation(NS);
  const [picking, setPicking] = useState<Kind | null>(null);
  const editing = builder.editing;
  const cell = builder.editingCell;
  const brand = builder.draft.brands.find((b) => b.key === editing?.brandKey);
  const stage = builder.draft.stages.find((s) => s.key === editing?.stageKey);
  const update = (values: Parameters<JourneyBuilderStore['updateCell']>[2]) => editing && builder.updateCell(editing.brandKey, editing.stageKey, values);

  const audience = (kind: Kind) => {
    const id = kind === 'matched' ? cell?.matched_id : cell?.modeled_id;
    const label = kind === 'matched' ? t('pane.matched') : t('pane.modeled');
    return (
      <FormGroup label={label} key={kind} style={{ marginBottom: 12 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid={`journey-pane-${kind}`}>
          <span
            // Issue 27 §5: muted text that keeps 4.5:1 on the pane's grey ground (Blueprint's muted grey does not).
            style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', color: id ? undefined : MUTED }}
            data-testid={`journey-pane-${kind}-name`}
          >
            {id ? (builder.segmentNames[id] ?? id) : t('pane.none')}
          </span>
          <Button
            size="small"
            icon="search"
            text={id ? t('pane.change') : t('pane.choose')}
            aria-label={`${id ? t('pane.change') : t('pane.choose')}: ${label}`}
            onClick={() => setPicking(kind)}
            data-testid={`journey-pane-${kind}-choose`}
          />
          {id && (
            <Button
              size="small"
              variant="minimal"
              icon="cross"
              aria-label={`${t('pane.clear')}: ${label}`}
              onClick={() => update(kind === 'matched' ? { matched_id: null } : { modeled_id: null })}
              data-testid={`journey-pane-${kind}-clear`}
            />
          )}
        </div>
      </FormGroup>
    );
  };

  return (
    <>
      <SlideInPanel
        isOpen={!!cell}
        onClose={() => builder.closeCell()}
        title={t('pane.title')}
        width={PANEL_WIDTHS.mapping}
        icon="link"
        testId="journey-mapping-pane"
        footer={<Button intent="primary" text={t('pane.done')} onClick={() => builder.closeCell()} data-testid="journey-pane-done" />}
      >
        {cell && brand && stage && (
          <>
            <p style={{ color: MUTED }} data-testid="journey-pane-subtitle">
              {t('pane.subtitle', { brand: brand.name, stage: stage.name })}
            </p>
            {builder.personLevel && (
              <section aria-label={t('pane.audiences')} data-testid="journey-pane-audiences">
                {audience('matched')}
                {!tier3 && audience('modeled')}
              </section>
            )}
            <FormGroup label={t('pane.discussion')} labelFor="journey-pane-discussion">
              <HTMLSelect
                id="journey-pane-discussion"
                fill
                value={cell.discussion_cluster_node_id ?? ''}
                onChange={(e) => update({ discussion_cluster_node_id: e.target.value ? Number(e.target.value) : null })}
                data-testid="journey-pane-discussion"
              >
                <option value="">{t('pane.noDiscussion')}</option>
                {builder.nodes.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('pane.population')} labelFor="journey-pane-population">
              <InputGroup
                id="journey-pane-population"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={String(cell.population)}
                onChange={(e) => {
                  // JRN-055: a whole number, 0 or more (empty is 0).
                  const n = Number(e.target.value);
                  update({ population: Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0 });
                }}
                data-testid="journey-pane-population"
              />
            </FormGroup>
          </>
        )}
      </SlideInPanel>
      <SegmentPicker
        isOpen={picking !== null}
        onClose={() => setPicking(null)}
        multiple={false}
        context="journey"
        title={picking === 'modeled' ? t('pane.pickerModeled') : t('pane.pickerMatched')}
        onSelect={(segments) => {
          const s = segments[0];
          if (s) {
            builder.nameSegment(s.identifier, s.name);
            update(picking === 'modeled' ? { modeled_id: s.identifier } : { matched_id: s.identifier });
          }
          setPicking(null);
        }}
      />
    </>
  );
});
