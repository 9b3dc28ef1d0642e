import { SegmentPicker } from '@discovery/insights-kit';
import { Button, Callout, Classes, ControlGroup, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { SlideInPanel } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MAPPING_SLOTS } from '../../common';
import type { SegmentMappingStore } from '../stores/SegmentMappingStore';

/** BRAND-049: the overlay's width (000 §9). */
export const MAPPER_WIDTH = 650;

/** The Site Visit Segments Mapping pane (BRAND-049..058) in a 650px slide-in overlay. */
export const SegmentMappingPane = observer(function SegmentMappingPane({ mapper }: { mapper: SegmentMappingStore }) {
  const { t } = useTranslation('brands-admin');
  const slot = mapper.pickerSlot;
  return (
    <SlideInPanel
      isOpen={mapper.isOpen}
      onClose={() => mapper.cancel()}
      width={MAPPER_WIDTH}
      title={t('mapping.title')}
      icon="layers"
      canOutsideClickClose
      ownBody
    >
      <div className={Classes.DRAWER_BODY}>
        <div style={{ padding: 20 }} data-testid="mapping-body">
          {mapper.brand && <p className={Classes.TEXT_MUTED}>{mapper.brand.saved?.name}</p>}
          {mapper.readOnly && (
            <Callout intent="primary" icon="lock" style={{ marginBottom: 16 }} data-testid="mapping-read-only">
              {t('mapping.readOnly')}
            </Callout>
          )}
          {MAPPING_SLOTS.map((s) => {
            const label = t(`mapping.${s}`);
            const chosen = mapper.mapping?.[s];
            return (
              <FormGroup key={s} label={label} labelFor={`mapping-${s}`} data-testid={`mapping-slot-${s}`}>
                <ControlGroup fill>
                  <InputGroup
                    id={`mapping-${s}`}
                    readOnly
                    value={chosen?.name ?? ''}
                    placeholder={t('mapping.placeholder')}
                    onClick={() => mapper.openPicker(s)}
                    data-testid={`mapping-field-${s}`}
                  />
                  {!mapper.readOnly && (
                    <>
                      <Button text={t('mapping.select')} onClick={() => mapper.openPicker(s)} style={{ flexGrow: 0 }} data-testid={`mapping-select-${s}`} />
                      <Button
                        icon="cross"
                        aria-label={t('mapping.clear', { slot: label })}
                        disabled={!chosen}
                        onClick={() => mapper.clear(s)}
                        style={{ flexGrow: 0 }}
                        data-testid={`mapping-clear-${s}`}
                      />
                    </>
                  )}
                </ControlGroup>
                {mapper.labels[s] && (
                  // BRAND-054: the chosen segment's path.
                  <Tag minimal multiline style={{ marginTop: 6 }} data-testid={`mapping-label-${s}`}>
                    {mapper.labels[s]}
                  </Tag>
                )}
              </FormGroup>
            );
          })}
          {mapper.notice && (
            <Callout intent="danger" icon="error" data-testid="mapping-notice">
              {mapper.notice}
            </Callout>
          )}
        </div>
      </div>
      <div className={Classes.DRAWER_FOOTER} style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button text={mapper.readOnly ? t('mapping.close') : t('mapping.cancel')} onClick={() => mapper.cancel()} data-testid="mapping-cancel" />
        {!mapper.readOnly && (
          <Button
            intent="primary"
            text={t('mapping.save')}
            disabled={!mapper.canSave}
            loading={mapper.saving}
            onClick={() => mapper.save()}
            data-testid="mapping-save"
          />
        )}
      </div>
      {/* BRAND-053: single select, zero-count segments allowed; a fresh picker per slot. */}
      <SegmentPicker
        key={slot ?? 'closed'}
        isOpen={slot !== null}
        onClose={() => mapper.closePicker()}
        onSelect={(segments) => {
          if (slot && segments[0]) mapper.choose(slot, segments[0]);
        }}
        multiple={false}
        allowZeroCount
        context="mapping"
        title={slot ? t('mapping.pickerTitle', { slot: t(`mapping.${slot}`) }) : undefined}
      />
    </SlideInPanel>
  );
});
