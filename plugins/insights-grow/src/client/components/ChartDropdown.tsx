import { Button, Icon, InputGroup, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
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
          <Menu>
            {shown.map((c) => (
              <li key={c.id} style={{ display: 'flex', alignItems: 'center' }} role="none">
                <MenuItem
                  style={{ flex: 1 }}
                  text={c.name}
                  active={c.id === value}
                  icon={c.default ? <Icon icon="flag" title={t('defaultChart')} /> : 'blank'}
                  onClick={() => {
                    close();
                    onChange(c.id);
                  }}
                  tagName="div"
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
            {shown.length === 0 && <MenuItem disabled text={t('noChartMatch')} />}
          </Menu>
        </div>
      }
    >
      <Button
        endIcon="caret-down"
        icon={current?.default ? 'flag' : undefined}
        text={current?.name ?? t('selectChart')}
        aria-haspopup="menu"
        aria-label={`${t('chartLabel')}: ${current?.name ?? t('selectChart')}`}
        data-testid="grow-chart-dropdown"
        style={{ minWidth: 280, justifyContent: 'space-between' }}
      />
    </PopoverNext>
  );
}
