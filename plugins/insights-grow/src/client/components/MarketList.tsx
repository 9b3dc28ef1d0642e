import { Button, Card, Checkbox, Icon, Tag, Tooltip } from '@blueprintjs/core';
import { TAG_COLOURS, withAlpha } from '@discovery/charts';
import { formatCount } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useRef, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tvLabel, type MarketDto, type SubMarketDto } from '../../common';
import type { GrowStore } from '../stores/GrowStore';

export interface MarketListProps {
  store: GrowStore;
  onEditMarket: (m: MarketDto | null) => void;
  onEditAudience: (marketId: number, s: SubMarketDto | null) => void;
  onZeroCount: () => void;
  canAddMarket: boolean;
}

type Dragged = { kind: 'markets' } | { kind: 'sub_markets'; marketId: number };

/**
 * GROW-023 / GROW-033..037: the chart's markets as cards (name, count, edit in edit mode) with their
 * audiences (toggle to filter, count, tag, zero-count notice); in edit mode markets and audiences
 * are reordered by drag (or the move buttons) and added.
 */
export const MarketList = observer(function MarketList({ store, onEditMarket, onEditAudience, onZeroCount, canAddMarket }: MarketListProps) {
  const { t } = useTranslation('insights-grow');
  // A ref, not state: dragover and drop read it within the same task as dragstart.
  const dragging = useRef<(Dragged & { from: number }) | null>(null);
  const m = store.mekko;
  if (!m) return null;
  const edit = store.mode === 'edit';
  const label = (n: number) => (store.isTv ? tvLabel(n, store.tv!, formatCount) : formatCount(n));

  const dragProps = (d: Dragged, index: number) =>
    edit
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.stopPropagation();
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(index));
            dragging.current = { ...d, from: index };
          },
          onDragOver: (e: DragEvent) => {
            const drag = dragging.current;
            if (drag && drag.kind === d.kind && (d.kind === 'markets' || (drag.kind === 'sub_markets' && drag.marketId === d.marketId))) e.preventDefault();
          },
          onDrop: (e: DragEvent) => {
            const drag = dragging.current;
            if (!drag || drag.kind !== d.kind) return;
            e.preventDefault();
            e.stopPropagation();
            dragging.current = null;
            if (drag.kind === 'sub_markets' && d.kind === 'sub_markets' && drag.marketId !== d.marketId) return;
            store.reorder(d.kind, drag.from, index, d.kind === 'sub_markets' ? d.marketId : undefined);
          },
          onDragEnd: () => (dragging.current = null),
        }
      : {};

  return (
    <section aria-label={t('markets.heading')} data-testid="grow-markets">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {m.markets.map((market, mi) => (
          <Card
            key={market.id}
            style={{ flex: '1 1 240px', maxWidth: 360, padding: 12 }}
            data-testid={`grow-market-${market.id}`}
            {...dragProps({ kind: 'markets' }, mi)}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              {edit && <Icon icon="drag-handle-vertical" aria-hidden style={{ cursor: 'grab' }} />}
              <h2 style={{ margin: 0, fontSize: 14, flex: 1 }} data-testid="grow-market-name">
                {market.name}
              </h2>
              <span data-testid="grow-market-count">{label(store.marketCount(market))}</span>
              {edit && (
                <>
                  <Button
                    variant="minimal"
                    size="small"
                    icon="arrow-left"
                    disabled={mi === 0}
                    aria-label={t('markets.moveEarlier', { name: market.name })}
                    onClick={() => store.reorder('markets', mi, mi - 1)}
                  />
                  <Button
                    variant="minimal"
                    size="small"
                    icon="edit"
                    aria-label={t('markets.edit', { name: market.name })}
                    onClick={() => onEditMarket(market)}
                    data-testid="grow-market-edit"
                  />
                </>
              )}
            </div>
            <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
              {market.sub_markets.map((s, si) => {
                const count = store.subCount(s);
                const selected = store.selected.includes(s.id);
                const zero = store.tab !== 'total' && count === 0 && !!(store.tab === 'matched' ? s.matched_short_id : s.modeled_short_id);
                return (
                  <li
                    key={s.id}
                    style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '2px 4px', borderLeft: `4px solid ${withAlpha(TAG_COLOURS[s.tag], 0.5)}` }}
                    data-testid={`grow-audience-${s.id}`}
                    {...dragProps({ kind: 'sub_markets', marketId: market.id }, si)}
                  >
                    {edit && <Icon icon="drag-handle-vertical" aria-hidden style={{ cursor: 'grab' }} />}
                    <Checkbox
                      checked={selected}
                      onChange={() => store.toggle(s)}
                      style={{ margin: 0, flex: 1 }}
                      labelElement={<span data-testid="grow-audience-name">{s.name}</span>}
                      aria-label={t('markets.select', { name: s.name })}
                      data-testid="grow-audience-toggle"
                    />
                    {zero && (
                      <Tooltip content={t('zeroCount.text')}>
                        <Button
                          variant="minimal"
                          size="small"
                          icon="warning-sign"
                          intent="warning"
                          aria-label={t('zeroCount.why')}
                          onClick={onZeroCount}
                          data-testid="grow-zero-count"
                        />
                      </Tooltip>
                    )}
                    <span data-testid="grow-audience-count">{label(count)}</span>
                    <Tag minimal>{t(`tags.${s.tag}`)}</Tag>
                    {edit && (
                      <>
                        <Button
                          variant="minimal"
                          size="small"
                          icon="arrow-up"
                          disabled={si === 0}
                          aria-label={t('markets.moveEarlier', { name: s.name })}
                          onClick={() => store.reorder('sub_markets', si, si - 1, market.id)}
                        />
                        <Button
                          variant="minimal"
                          size="small"
                          icon="edit"
                          aria-label={t('markets.editAudience', { name: s.name })}
                          onClick={() => onEditAudience(market.id, s)}
                          data-testid="grow-audience-edit"
                        />
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            {edit && (
              <Button
                icon="add"
                variant="minimal"
                text={t('markets.addAudience')}
                onClick={() => onEditAudience(market.id, null)}
                data-testid="grow-add-audience"
              />
            )}
          </Card>
        ))}
        {/* GROW-034: edit mode and not a pre-populated (vertical) chart. */}
        {canAddMarket && (
          <Button icon="add" text={t('markets.add')} onClick={() => onEditMarket(null)} data-testid="grow-add-market" style={{ alignSelf: 'flex-start' }} />
        )}
      </div>
    </section>
  );
});
