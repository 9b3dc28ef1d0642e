import { ShellOverlayToken, useContributions } from '@discovery/platform';
import type { ClientPlugin } from '@discovery/plugin-api';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';
import { ErrorBanner } from './ErrorBanner';
import { HierarchySelector } from './HierarchySelector';
import { LeftNav } from './LeftNav';
import { NotificationsPanel } from './NotificationsPanel';
import { UserMenu } from './UserMenu';

/** SHELL-001, SHELL-009, SHELL-010: nav, 80px top bar, banner, main area of at least 1280px. */
export function AppShell({
  plugins,
  failed,
  selectorDisabled,
  children,
}: {
  plugins: ClientPlugin[];
  failed: ReadonlySet<string>;
  selectorDisabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [notifications, setNotifications] = useState(false);
  const overlays = useContributions(ShellOverlayToken);
  return (
    <div className="dsc-shell">
      <LeftNav plugins={plugins} failed={failed} onNotifications={() => setNotifications(true)} />
      <div className="dsc-body">
        <header className="dsc-topbar" data-testid="top-bar">
          <Logo size={32} />
          <strong style={{ fontSize: 16 }}>{t('appName')}</strong>
          <div className="dsc-topbar-spacer" />
          <HierarchySelector disabled={selectorDisabled} />
          <UserMenu />
        </header>
        <ErrorBanner />
        <main className="dsc-main">{children}</main>
      </div>
      <NotificationsPanel open={notifications} onClose={() => setNotifications(false)} />
      {overlays.map((o) => (
        <o.component key={o.id} />
      ))}
    </div>
  );
}
