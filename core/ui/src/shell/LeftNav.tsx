import { Button, Icon, Tag, Tooltip, type IconName } from '@blueprintjs/core';
import type { ClientPlugin } from '@discovery/plugin-api';
import {
  activeNavKey,
  buildNav,
  NavContributionToken,
  NavStoreToken,
  NotificationBadgeToken,
  SessionStoreToken,
  useContributions,
  useOptionalService,
  useService,
  type NavEntry,
} from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { VisuallyHidden } from '../widgets/VisuallyHidden';

/** SHELL-087: the number up to 9, '9+' above; nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

function NavLabel({ collapsed, label, children }: { collapsed: boolean; label: string; children: ReactNode }) {
  return collapsed ? (
    <Tooltip content={label} placement="right" fill>
      {children}
    </Tooltip>
  ) : (
    <>{children}</>
  );
}

const Entry = ({ entry, collapsed, active }: { entry: NavEntry; collapsed: boolean; active: boolean }) => {
  const { t } = useTranslation();
  const label = entry.label ?? t(entry.labelKey);
  const content = (
    <>
      <Icon icon={entry.icon as IconName} />
      {/* Collapsed, the name stays in the item's text, hidden: a disabled span may not carry an aria-label, and the visible tooltip matches it. */}
      {collapsed ? <VisuallyHidden>{label}</VisuallyHidden> : <span>{label}</span>}
    </>
  );
  const testId = `nav-item-${(entry.label ?? entry.labelKey).replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
  return (
    <li>
      <NavLabel collapsed={collapsed} label={label}>
        {entry.enabled && entry.external ? (
          // TBX-003 DESIGN: an address outside the app opens in a new tab.
          <a className="dsc-nav-item" href={entry.href} target="_blank" rel="noopener noreferrer" data-testid={testId} data-external="true">
            {content}
          </a>
        ) : entry.enabled ? (
          <Link className="dsc-nav-item" to={entry.href} aria-current={active ? 'page' : undefined} data-testid={testId}>
            {content}
          </Link>
        ) : (
          <span className="dsc-nav-item" aria-disabled="true" data-testid={testId}>
            {content}
          </span>
        )}
      </NavLabel>
    </li>
  );
};

/** The left navigation (SHELL-003/004): Home, the categories in their fixed order, Notifications. */
export const LeftNav = observer(function LeftNav({
  plugins,
  failed,
  onNotifications,
}: {
  plugins: ClientPlugin[];
  failed: ReadonlySet<string>;
  onNotifications: () => void;
}) {
  const nav = useService(NavStoreToken);
  const session = useService(SessionStoreToken);
  const badge = useOptionalService(NotificationBadgeToken);
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const contributions = useContributions(NavContributionToken);
  const snapshot = session.snapshot;
  const model = buildNav(
    plugins,
    snapshot,
    failed,
    contributions.flatMap((c) => c.items(snapshot)),
  );
  // Item 8 (issue 14): one highlighted entry, the one whose address holds the page.
  const active = activeNavKey(model, pathname);
  const collapsed = nav.collapsed;
  const badgeLabel = badge ? badgeText(badge.count) : null;
  return (
    <nav className="dsc-nav bp6-dark" data-collapsed={String(collapsed)} style={{ width: nav.width }} data-testid="left-nav" aria-label={t('appName')}>
      <Button
        className="dsc-nav-toggle"
        variant="minimal"
        icon={collapsed ? 'menu-open' : 'menu-closed'}
        aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
        aria-expanded={!collapsed}
        data-testid="nav-toggle"
        onClick={() => nav.toggle()}
      />
      <ul className="dsc-nav-list">
        {model.top.map((e) => (
          <Entry key={e.key} entry={e} collapsed={collapsed} active={e.key === active} />
        ))}
        {model.categories.map((c) => (
          <li key={c.category} data-testid={`nav-category-${c.category}`}>
            {!collapsed && <div className="dsc-nav-category">{t(`nav.categories.${c.category}`)}</div>}
            <ul className="dsc-nav-list" style={{ padding: 0 }} aria-label={t(`nav.categories.${c.category}`)}>
              {c.items.map((e) => (
                <Entry key={e.key} entry={e} collapsed={collapsed} active={e.key === active} />
              ))}
            </ul>
          </li>
        ))}
        <li>
          <NavLabel collapsed={collapsed} label={t('nav.notifications')}>
            <button type="button" className="dsc-nav-item" onClick={onNotifications} data-testid="nav-item-notifications">
              <Icon icon="notifications" />
              {/* Collapsed, the name is still in the button's text (hidden), so the badge's number it shows is part of it (WCAG 2.5.3). */}
              {collapsed ? (
                <VisuallyHidden>{t('nav.notifications')}</VisuallyHidden>
              ) : (
                <span style={{ flex: 1, textAlign: 'left' }}>{t('nav.notifications')}</span>
              )}
              {badgeLabel && (
                <Tag round intent="danger" className="dsc-nav-badge" data-testid="notification-badge">
                  {badgeLabel}
                </Tag>
              )}
            </button>
          </NavLabel>
        </li>
      </ul>
    </nav>
  );
});
