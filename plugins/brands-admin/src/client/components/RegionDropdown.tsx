import { Button, InputGroup, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** BRAND-005: the searchable Region dropdown ('All' first, slug *). */
export function RegionDropdown({ options, value, onChange }: { options: { slug: string; name: string }[]; value: string; onChange: (slug: string) => void }) {
  const { t } = useTranslation('brands-admin');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const q = query.trim().toLowerCase();
  const shown = options.filter((o) => !q || o.name.toLowerCase().includes(q) || o.slug.toLowerCase().includes(q));
  const current = options.find((o) => o.slug === value);
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
        <div style={{ padding: 8, minWidth: 220 }} data-testid="region-dropdown-menu">
          <InputGroup
            leftIcon="search"
            placeholder={t('searchRegions')}
            aria-label={t('searchRegions')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
            data-testid="region-search"
          />
          <Menu>
            {shown.map((o) => (
              <MenuItem
                key={o.slug}
                text={o.name}
                active={o.slug === value}
                onClick={() => {
                  setOpen(false);
                  setQuery('');
                  onChange(o.slug);
                }}
                data-testid={`region-option-${o.slug}`}
              />
            ))}
            {shown.length === 0 && <MenuItem disabled text={t('noRegionMatch')} />}
          </Menu>
        </div>
      }
    >
      <Button endIcon="caret-down" text={current?.name ?? value} aria-haspopup="menu" data-testid="region-dropdown" />
    </PopoverNext>
  );
}
