import { Button, Classes, Icon, InputGroup, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the dropdown needs of a saved chart (Grow's mekkos, Overlap's comparisons, Journeys, Outcomes). */
export interface SavedChartItem {
  id: number;
  name: string;
  /** The user's default chart: shown with a flag. */
  default: boolean;
}

export interface SavedChartDropdownProps {
  charts: readonly SavedChartItem[];
  value: number | null;
  onChange: (id: number) => void;
  /** The edit icon on each item (GROW-003: for users who may create); none when absent. */
  onEdit?: ((id: number) => void) | null;
  /** The button's width in px (Explore's persona dropdown is 441 px, EXP-002); at least 280 otherwise. */
  width?: number;
  /** Test ids: `<prefix>-dropdown`, `-menu`, `-search`, `-option-<id>`, `-edit-<id>`, `-default-flag`. */
  testIdPrefix: string;
}

/**
 * The searchable dropdown of saved charts the insight screens open with (GROW-003, OVL-003, the
 * Journeys' and Outcomes' 'Select Chart to View'): the default chart carries a flag, each item an
 * optional edit icon. A list of buttons, not a menu: an item holds a second control (edit), which a
 * menuitem cannot.
 */
export function SavedChartDropdown({ charts, value, onChange, onEdit, width, testIdPrefix: p }: SavedChartDropdownProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const q = query.trim().toLowerCase();
  const shown = charts.filter((c) => !q || c.name.toLowerCase().includes(q));
  const current = charts.find((c) => c.id === value);
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const flag = <Icon icon="flag" intent="primary" title={t('savedCharts.default')} data-testid={`${p}-default-flag`} />;
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={(next) => (next ? setOpen(true) : close())}
      placement="bottom-start"
      animation="minimal"
      arrow={false}
      content={
        <div style={{ padding: 8, minWidth: 320 }} data-testid={`${p}-menu`}>
          <InputGroup
            leftIcon="search"
            placeholder={t('savedCharts.search')}
            aria-label={t('savedCharts.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
            data-testid={`${p}-search`}
          />
          <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', maxHeight: 320, overflowY: 'auto' }} aria-label={t('savedCharts.label')}>
            {shown.map((c) => (
              <li key={c.id} style={{ display: 'flex', alignItems: 'center' }}>
                <Button
                  variant="minimal"
                  alignText="start"
                  fill
                  active={c.id === value}
                  aria-current={c.id === value ? 'true' : undefined}
                  icon={c.default ? flag : 'blank'}
                  text={c.name}
                  onClick={() => {
                    close();
                    onChange(c.id);
                  }}
                  data-testid={`${p}-option-${c.id}`}
                />
                {onEdit && (
                  <Button
                    variant="minimal"
                    size="small"
                    icon="edit"
                    aria-label={t('savedCharts.editNamed', { name: c.name })}
                    onClick={() => {
                      close();
                      onEdit(c.id);
                    }}
                    data-testid={`${p}-edit-${c.id}`}
                  />
                )}
              </li>
            ))}
            {shown.length === 0 && <li className={Classes.TEXT_MUTED}>{t('savedCharts.noMatch')}</li>}
          </ul>
        </div>
      }
    >
      <Button
        endIcon="caret-down"
        icon={current?.default ? flag : undefined}
        text={current?.name ?? t('savedCharts.choose')}
        aria-haspopup="dialog"
        aria-label={`${t('savedCharts.label')}: ${current?.name ?? t('savedCharts.choose')}`}
        data-testid={`${p}-dropdown`}
        style={width ? { width, justifyContent: 'space-between' } : { minWidth: 280, justifyContent: 'space-between' }}
      />
    </PopoverNext>
  );
}
