import { Button, Icon, InputGroup, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComparisonDto } from '../../common';

/** OVL-003: the searchable dropdown of saved comparisons; the default one carries a flag. */
export function ComparisonDropdown({ list, value, onChange }: { list: readonly ComparisonDto[]; value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation('overlap');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const q = query.trim().toLowerCase();
  const shown = list.filter((c) => !q || c.name.toLowerCase().includes(q));
  const current = list.find((c) => c.id === value);
  const flag = (c: ComparisonDto) =>
    c.default ? <Icon icon="flag" intent="primary" title={t('defaultFlag')} data-testid="overlap-default-flag" /> : undefined;
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
      placement="bottom-start"
      animation="minimal"
      arrow={false}
      content={
        <div style={{ padding: 8, minWidth: 280 }} data-testid="overlap-dropdown-menu">
          <InputGroup
            leftIcon="search"
            placeholder={t('search')}
            aria-label={t('search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
            data-testid="overlap-search"
          />
          <Menu style={{ maxHeight: 320, overflowY: 'auto' }}>
            {shown.map((c) => (
              <MenuItem
                key={c.id}
                text={c.name}
                labelElement={flag(c)}
                active={c.id === value}
                onClick={() => {
                  setOpen(false);
                  setQuery('');
                  onChange(c.id);
                }}
                data-testid={`overlap-option-${c.id}`}
              />
            ))}
            {shown.length === 0 && <MenuItem disabled text={t('noMatch')} />}
          </Menu>
        </div>
      }
    >
      <Button
        endIcon="caret-down"
        icon={current ? flag(current) : undefined}
        text={current?.name ?? t('choose')}
        aria-haspopup="menu"
        data-testid="overlap-dropdown"
        style={{ minWidth: 240, justifyContent: 'space-between' }}
      />
    </PopoverNext>
  );
}
