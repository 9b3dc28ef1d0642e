import { Button, Classes, Icon, InputGroup, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MekkoSummaryDto } from '../../common';

export interface ChartDropdownProps {
  charts: readonly MekkoSummaryDto[];
  value: number | null;
  onChange: (id: number) => void;
  /** GROW-003: the edit icon on each item, for users who may create. */
  onEdit?: ((id: number) => void) | null;
}

/** GROW-003: the searchable chart dropdown; the default chart has a flag icon. */
export function ChartDropdown({ charts, value, onChange, onEdit }: ChartDropdownProps) {
  const { t } = useTranslation('insights-grow');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const q = query.trim().toLowerCase();
  const shown = charts.filter((c) => !q || c.name.toLowerCase().includes(q));
  const current = charts.find((c) => c.id === value);
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={(next) => (next ? setOpen(true) : close())}
      placement="bottom-start"
      animation="minimal"
      arrow={false}
      content={
        <div style={{ padding: 8, minWidth: 320 }} data-testid="grow-chart-menu">
          <InputGroup
            leftIcon="search"
            placeholder={t('searchCharts')}
            aria-label={t('searchCharts')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
            data-testid="grow-chart-search"
          />
          {/* A list of buttons, not a menu: each item has a second control (the edit icon), which a menuitem cannot hold. */}
          <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', maxHeight: 320, overflowY: 'auto' }} aria-label={t('chartLabel')}>
            {shown.map((c) => (
              <li key={c.id} style={{ display: 'flex', alignItems: 'center' }}>
                <Button
                  variant="minimal"
                  alignText="start"
                  fill
                  active={c.id === value}
                  aria-current={c.id === value ? 'true' : undefined}
                  icon={c.default ? <Icon icon="flag" title={t('defaultChart')} /> : 'blank'}
                  text={c.name}
                  onClick={() => {
                    close();
                    onChange(c.id);
                  }}
                  data-testid={`grow-chart-option-${c.id}`}
                />
                {onEdit && (
                  <Button
                    variant="minimal"
                    size="small"
                    icon="edit"
                    aria-label={t('editChartNamed', { name: c.name })}
                    onClick={() => {
                      close();
                      onEdit(c.id);
                    }}
                    data-testid={`grow-chart-edit-${c.id}`}
                  />
                )}
              </li>
            ))}
            {shown.length === 0 && <li className={Classes.TEXT_MUTED}>{t('noChartMatch')}</li>}
          </ul>
        </div>
      }
    >
      <Button
        endIcon="caret-down"
        icon={current?.default ? 'flag' : undefined}
        text={current?.name ?? t('selectChart')}
        aria-haspopup="dialog"
        aria-label={`${t('chartLabel')}: ${current?.name ?? t('selectChart')}`}
        data-testid="grow-chart-dropdown"
        style={{ minWidth: 280, justifyContent: 'space-between' }}
      />
    </PopoverNext>
  );
}
