import type { ChangeFeed } from './stores/ChangeFeed';
import type { RouteTable } from './routeTable';
import { createToken, type HierarchySelection, type NavCategory, type RouteRef, type SessionSnapshot } from '@discovery/plugin-api';
import type { ComponentType } from 'react';
import type { ApiClient } from './ApiClient';
import type { Settled } from './Resource';
import type { ConfigStore } from './stores/ConfigStore';
import type { ErrorBannerStore } from './stores/ErrorBannerStore';
import type { HierarchyStore } from './stores/HierarchyStore';
import type { NavStore } from './stores/NavStore';
import type { SessionStore } from './stores/SessionStore';
import type { ToastStore } from './stores/ToastStore';

/** The build's routes by ref: is a page in the build, may this user open it. */
export const RouteTableToken = createToken<RouteTable>('core:RouteTable');
export const ApiClientToken = createToken<ApiClient>('core:ApiClient');
export const SessionStoreToken = createToken<SessionStore>('core:SessionStore');
export const HierarchyStoreToken = createToken<HierarchyStore>('core:HierarchyStore');
export const ErrorBannerStoreToken = createToken<ErrorBannerStore>('core:ErrorBannerStore');
export const ToastStoreToken = createToken<ToastStore>('core:ToastStore');
export const ChangeFeedToken = createToken<ChangeFeed>('core:ChangeFeed');
export const ConfigStoreToken = createToken<ConfigStore>('core:ConfigStore');
export const NavStoreToken = createToken<NavStore>('core:NavStore');

/** Extension point: a notifications plugin binds its unread count here (SHELL-086/087). */
export interface NotificationBadge {
  readonly count: number;
}
export const NotificationBadgeToken = createToken<NotificationBadge>('core:NotificationBadge');

/** One row of the notification center (SHELL-081..085). */
export interface NotificationCenterItem {
  key: string;
  /** The Events column: ui_name or name, with 'IN-PROGRESS:' or 'FAILED:' when it applies. */
  text: string;
  date: string;
  /** Highlighted until downloaded (reports) or read (outcome notifications). */
  highlighted: boolean;
  action: 'download' | 'markRead' | null;
  actionDisabled: boolean;
}

/** Extension point: the notifications plugin fills the shell's 800px panel (SHELL-077..089). */
export interface NotificationCenter extends NotificationBadge {
  readonly items: readonly NotificationCenterItem[];
  /** SHELL-079: 'Download Report History' for report_task_admin.create. */
  readonly canDownloadHistory: boolean;
  /** The last refresh's failure, shown in the panel (the rows it had stay). */
  readonly error: unknown;
  act(key: string): Promise<void>;
  downloadHistory(): Promise<void>;
  /** Never rejects: a failure is `error`. */
  refresh(): Settled<unknown>;
}
export const NotificationCenterToken = createToken<NotificationCenter>('core:NotificationCenter');

/**
 * Extension point: a quick-link card on the home page (SHELL-101..104). Plugins bind any number
 * of cards to HomeCardToken. A card shows when its client feature flag is on OR its feature module
 * is accessible in the context; a demo card hides when its real flag is on; a data card shows only
 * when `hasData` says the client and brand have data for it. And, like a nav item, only when the
 * page it leads to can be opened from the context (RouteTable.canOpen: the route's `requires`,
 * and a context deep enough for its scope).
 */
export interface HomeCard {
  id: string;
  /** i18n keys (namespace:key) */
  titleKey: string;
  descriptionKey: string;
  icon: string;
  order: number;
  flag?: string;
  module?: string;
  /** The real flag that hides this demo card (SHELL-103). */
  hiddenWhenFlag?: string;
  hasData?: (selection: HierarchySelection) => Promise<boolean>;
  /** The page the card opens. */
  target: RouteRef;
  /** Query parameters of the link (e.g. the builder's SHELL-023 values). */
  search?: Record<string, string>;
}

/** The address a card opens in a context. */
export function homeCardLink(card: HomeCard, selection: HierarchySelection): string {
  const q = card.search ? new URLSearchParams(card.search).toString() : '';
  return card.target.link(selection) + (q ? `?${q}` : '');
}
export const HomeCardToken = createToken<HomeCard>('core:HomeCard');

/** SHELL-102/103: whether a card shows for the client's flags and the context's modules. */
export function homeCardVisible(card: HomeCard, flags: Readonly<Record<string, boolean>>, modules: readonly string[]): boolean {
  if (card.hiddenWhenFlag && flags[card.hiddenWhenFlag] === true) return false;
  return (card.flag !== undefined && flags[card.flag] === true) || (card.module !== undefined && modules.includes(card.module));
}

/** Extension point: a block of the home page below the cards (e.g. 'Your Recent Audience Activity'). */
export interface HomeSection {
  id: string;
  order: number;
  component: ComponentType;
}
export const HomeSectionToken = createToken<HomeSection>('core:HomeSection');

/** One navigation entry a plugin computes at run time (a toolbox unit, SHELL-008 / TBX-001). */
export interface DynamicNavItem {
  key: string;
  category: NavCategory;
  /** Shown as is (data, not an i18n key). */
  label: string;
  icon: string;
  href: string;
  /** An address outside the app: opened in a new tab (TBX-003). */
  external?: boolean;
  /** Within its category, after the static items (default order 1000 + position). */
  order?: number;
}

/**
 * Extension point: navigation entries that depend on data, not only on the session (toolbox
 * units). The LeftNav observes `items`, so a MobX-backed provider re-renders it when its data or
 * the context changes. Static entries stay data on `definePlugin`.
 */
export interface NavContribution {
  items(session: SessionSnapshot): readonly DynamicNavItem[];
}
export const NavContributionToken = createToken<NavContribution>('core:NavContribution');

/**
 * Extension point: something drawn over every page of the shell (the insight domain's zero-count
 * and audience-details modals, which any chart screen opens). The shell renders every contribution.
 */
export interface ShellOverlay {
  id: string;
  component: ComponentType;
}
export const ShellOverlayToken = createToken<ShellOverlay>('core:ShellOverlay');
