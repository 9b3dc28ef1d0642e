import { Button, Classes } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterGroupOf, type ActiveFilter } from '../../common';
import type { PickerContext } from '../picker/SegmentPickerStore';
import { SegmentPicker } from '../picker/SegmentPicker';
import { RemovableTag } from './RemovableTag';

export interface FilterBarProps {
  /** The bar's accessible name and its add button's text. */
  label: string;
  addText?: string;
  /** The testid prefix of the bar's parts: `{prefix}-add-filter`, `{prefix}-filter-{id}`, `{prefix}-clear-filters`. */
  testIdPrefix: string;
  /** The bar's own testid. */
  testId: string;
  filters: readonly ActiveFilter[];
  onAdd(filters: ActiveFilter[]): void;
  onRemove(shortId: string): void;
  /** Clears every filter (and whatever else the screen lists in `leading`). */
  onClear(): void;
  addDisabled?: boolean;
  /** Tags the screen lists before the filters (Grow's selected audiences, GROW-007). */
  leading?: ReactNode;
  /** Whether the bar has something to clear besides the filters. */
  hasLeading?: boolean;
  /** Shown while the bar is empty. */
  emptyText?: string;
  /** The bar's right side: Save Audience and other actions. */
  trailing?: ReactNode;
  pickerTitle?: string;
  pickerContext: PickerContext;
}

/**
 * The filter bar of every chart screen (GROW-007, JRN-004, OVL-013, and Outcomes and Explore to
 * come): segments picked with the segment picker, each filed under its category, with the kit's
 * one meaning (OR within a category, AND across: `filterRule`), a tag per filter, clear all, and
 * the screen's actions on the right.
 */
export function FilterBar(p: FilterBarProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const any = p.filters.length > 0 || !!p.hasLeading;
  return (
    <>
      <div
        style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', margin: '12px 0' }}
        data-testid={p.testId}
        role="group"
        aria-label={p.label}
      >
        <Button
          icon="filter"
          text={p.addText ?? p.label}
          onClick={() => setPicking(true)}
          disabled={p.addDisabled}
          data-testid={`${p.testIdPrefix}-add-filter`}
        />
        {p.leading}
        {p.filters.map((f) => (
          <RemovableTag
            key={f.short_id}
            name={f.name}
            onRemove={() => p.onRemove(f.short_id)}
            data-testid={`${p.testIdPrefix}-filter-${f.short_id}`}
            title={f.group}
          >
            {f.name}
          </RemovableTag>
        ))}
        {any ? (
          <Button variant="minimal" text={t('filters.clear')} onClick={p.onClear} data-testid={`${p.testIdPrefix}-clear-filters`} />
        ) : (
          p.emptyText && <span className={Classes.TEXT_MUTED}>{p.emptyText}</span>
        )}
        <span style={{ flex: 1 }} />
        {p.trailing}
      </div>
      <SegmentPicker
        isOpen={picking}
        onClose={() => setPicking(false)}
        onSelect={(segments) => {
          p.onAdd(segments.map((s) => ({ short_id: s.identifier, name: s.name, group: filterGroupOf(s) })));
          setPicking(false);
        }}
        multiple
        context={p.pickerContext}
        title={p.pickerTitle}
      />
    </>
  );
}
