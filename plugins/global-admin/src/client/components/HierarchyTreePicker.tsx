import { Button, Checkbox, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import type { ClientDto } from '@discovery/plugin-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantNodes, grantState, toggleGrant, type GrantNode } from '../stores/grants';

export interface HierarchyTreePickerProps {
  tree: ClientDto[];
  slugs: string[];
  onChange: (slugs: string[]) => void;
  /** For the test ids: 'invite' or 'edit'. */
  idPrefix: string;
}

/**
 * Hierarchy access by slug (SRV-020/021): Blueprint's Tree over client > region > brand > product.
 * Each node has a checkbox (a granted node reaches everything under it, shown checked and
 * disabled) and, when it has children, a button that shows or hides them, so the keyboard
 * reaches every level.
 */
export function HierarchyTreePicker({ tree, slugs, onChange, idPrefix }: HierarchyTreePickerProps) {
  const { t } = useTranslation('global-admin');
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const everything = slugs.includes('*');
  const toggleOpen = (slug: string) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (next.has(slug)) next.delete(slug);
      else next.add(slug);
      return next;
    });

  const toNode = (n: GrantNode): TreeNodeInfo => {
    const state = grantState(slugs, n.slug);
    const expanded = open.has(n.slug);
    return {
      id: n.slug,
      hasCaret: false,
      isExpanded: expanded,
      icon: n.level === 'client' ? 'office' : n.level === 'region' ? 'globe' : n.level === 'brand' ? 'tag' : 'box',
      label: (
        <Checkbox
          style={{ margin: 0 }}
          checked={state === 'granted' || state === 'inherited'}
          indeterminate={state === 'partial'}
          disabled={state === 'inherited'}
          onChange={() => onChange(toggleGrant(slugs, n.slug))}
          data-testid={`${idPrefix}-grant-${n.slug}`}
        >
          {n.name} <span className="bp6-text-muted">({t(`tree.level.${n.level}`)})</span>
        </Checkbox>
      ),
      secondaryLabel: n.children.length ? (
        <Button
          variant="minimal"
          size="small"
          icon={expanded ? 'chevron-down' : 'chevron-right'}
          aria-expanded={expanded}
          aria-label={t(expanded ? 'tree.hide' : 'tree.show', { name: n.name })}
          onClick={() => toggleOpen(n.slug)}
          data-testid={`${idPrefix}-expand-${n.slug}`}
        />
      ) : undefined,
      childNodes: n.children.map(toNode),
    };
  };

  return (
    <div data-testid={`${idPrefix}-grants`}>
      <Checkbox checked={everything} onChange={() => onChange(toggleGrant(slugs, '*'))} data-testid={`${idPrefix}-grant-all`}>
        {t('tree.everything')}
      </Checkbox>
      {!everything && <Tree contents={grantNodes(tree).map(toNode)} />}
      <p className="bp6-text-muted" data-testid={`${idPrefix}-grant-summary`}>
        {slugs.length ? t('tree.granted', { slugs: slugs.join(', ') }) : t('tree.nothing')}
      </p>
    </div>
  );
}
