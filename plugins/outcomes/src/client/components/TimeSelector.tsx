import { Button, ButtonGroup, Callout, PopoverNext } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromKey, highlighted, monthEnabled, monthKey, MONTH_SHORT, presets, yearNavigation } from '../../common';
import type { OutcomesStore } from '../stores/OutcomesStore';
import { useMonths } from '../months';

/**
 * The time-period selector (OUT-035..048): Comparison and Range, a year of months with the ones
 * without a timeframe disabled, two clicks (hover previews a range), presets disabled without
 * their endpoints, year navigation, and 'Timeframe Settings' for outcome_timeframes.create.
 */
export const TimeSelector = observer(function TimeSelector({ store, canSettings }: { store: OutcomesStore; canSettings: boolean }) {
  const { t } = useTranslation('outcomes');
  const months = useMonths();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(store.selection.isRangeMode);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const list = store.timeframes;
  const sel = store.selection;
  const [year, setYear] = useState<number>(() => (sel.current !== null ? fromKey(sel.current).year : store.now().getUTCFullYear()));
  const nav = yearNavigation(list, year);
  const lit = new Set(
    anchor !== null
      ? highlighted(anchor, hover ?? anchor)
      : sel.previous !== null && sel.current !== null
        ? sel.isRangeMode
          ? highlighted(sel.previous, sel.current)
          : [sel.previous, sel.current]
        : [],
  );
  const showRange = anchor !== null ? range : sel.isRangeMode;
  const summary =
    sel.previous === null || sel.current === null
      ? t('time.none')
      : `${months.label(fromKey(sel.previous).year, fromKey(sel.previous).month)} ${sel.isRangeMode ? '–' : t('time.vs')} ${months.label(fromKey(sel.current).year, fromKey(sel.current).month)}`;

  // OUT-038: closing (a click outside) drops unsaved picks.
  const close = () => {
    setOpen(false);
    setAnchor(null);
    setHover(null);
  };
  const click = (k: number) => {
    if (anchor === null) {
      setAnchor(k);
      return;
    }
    store.pick(anchor, k, range);
    close();
  };

  const content = (
    <div style={{ padding: 12, width: 340 }} data-testid="outcomes-time-menu">
      <ButtonGroup fill aria-label={t('time.mode')}>
        <Button text={t('time.comparison')} active={!range} onClick={() => setRange(false)} data-testid="outcomes-mode-comparison" />
        <Button text={t('time.range')} active={range} onClick={() => setRange(true)} data-testid="outcomes-mode-range" />
      </ButtonGroup>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', margin: '8px 0' }}>
        <Button
          icon="chevron-left"
          variant="minimal"
          aria-label={t('time.previousYear')}
          disabled={!nav.previous}
          onClick={() => setYear(year - 1)}
          data-testid="outcomes-year-prev"
        />
        <strong data-testid="outcomes-year">{year}</strong>
        <Button
          icon="chevron-right"
          variant="minimal"
          aria-label={t('time.nextYear')}
          disabled={!nav.next}
          onClick={() => setYear(year + 1)}
          data-testid="outcomes-year-next"
        />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 4 }} onMouseLeave={() => setHover(null)}>
        {MONTH_SHORT.map((key, i) => {
          const k = monthKey(year, i + 1);
          const enabled = monthEnabled(list, year, i + 1);
          return (
            <Button
              key={key}
              text={months.short(i + 1)}
              disabled={!enabled}
              active={lit.has(k)}
              intent={lit.has(k) ? 'primary' : 'none'}
              aria-label={months.label(year, i + 1)}
              onMouseEnter={() => setHover(k)}
              onFocus={() => setHover(k)}
              onClick={() => click(k)}
              data-testid={`outcomes-month-${year}-${i + 1}`}
            />
          );
        })}
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 8 }}>
        {presets(list, store.now()).map((p) => (
          <Button
            key={p.id}
            size="small"
            text={t(`time.preset.${p.id}`)}
            title={t(`time.presetHint.${p.id}`)}
            disabled={p.disabled}
            onClick={() => {
              store.applyPreset(p.previous!, p.current!);
              close();
            }}
            data-testid={`outcomes-preset-${p.id}`}
          />
        ))}
      </div>
      {showRange && <div style={{ marginTop: 6, fontSize: 12 }}>{t('time.rangeHint')}</div>}
      {canSettings && (
        <Button
          variant="minimal"
          icon="cog"
          text={t('time.settings')}
          style={{ marginTop: 8 }}
          onClick={() => {
            close();
            store.setAdminOpen(true);
          }}
          data-testid="outcomes-timeframe-settings"
        />
      )}
    </div>
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <PopoverNext
        content={content}
        isOpen={open}
        onInteraction={(next) => (next ? setOpen(true) : close())}
        placement="bottom-start"
        animation="minimal"
        arrow={false}
      >
        <Button icon="calendar" rightIcon="caret-down" text={summary} data-testid="outcomes-time-selector" />
      </PopoverNext>
      {store.selectionError && (
        <Callout intent="danger" data-testid="outcomes-range-error" icon="error">
          {store.selectionError}
        </Callout>
      )}
    </div>
  );
});
