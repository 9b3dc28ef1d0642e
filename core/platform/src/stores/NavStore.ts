import { makeAutoObservable, observable } from 'mobx';

export const NAV_WIDTH = { collapsed: 56, expanded: 200 } as const;
/** SHELL-010: the main area is never narrower than this (the page scrolls sideways below it). */
export const MAIN_MIN_WIDTH = 1280;
/**
 * Below this window width the expanded nav would push the main area under its minimum and cut
 * the page's right edge (its primary actions): 200 + 1280, plus 16 px for a vertical scrollbar.
 */
export const NAV_AUTO_COLLAPSE_BELOW = NAV_WIDTH.expanded + MAIN_MIN_WIDTH + 16;
const KEY = 'nav-collapsed';

/**
 * SHELL-003: the left nav's state. A user's own choice (the toggle) is remembered in local
 * storage for that user; until they choose, the nav is expanded where the window leaves the main
 * area its 1280 px and collapsed where it does not (issue 14 §6: a 1440 px laptop).
 */
export class NavStore {
  /** The window's width, followed on resize. */
  viewportWidth: number;
  /** Choices made in this page, by storage key (storage itself is not observable). */
  private readonly chosen = observable.map<string, boolean>();

  constructor(
    private readonly storage: Storage = localStorage,
    /** Whose choice: the signed-in user's id, or null. */
    private readonly userId: () => number | string | null = () => null,
    win: Pick<Window, 'innerWidth' | 'addEventListener'> | null = typeof window === 'undefined' ? null : window,
  ) {
    this.viewportWidth = win?.innerWidth ?? NAV_AUTO_COLLAPSE_BELOW;
    makeAutoObservable<NavStore, 'storage' | 'userId' | 'chosen'>(this, { storage: false, userId: false, chosen: false });
    win?.addEventListener('resize', () => this.setViewportWidth(win.innerWidth));
  }

  private get key(): string {
    return `${KEY}:${this.userId() ?? 'anonymous'}`;
  }

  /** The user's own choice, if they made one. */
  get choice(): boolean | null {
    const key = this.key;
    if (this.chosen.has(key)) return this.chosen.get(key)!;
    const stored = this.storage.getItem(key);
    return stored === null ? null : stored === 'true';
  }

  get collapsed(): boolean {
    return this.choice ?? this.viewportWidth < NAV_AUTO_COLLAPSE_BELOW;
  }

  get width(): number {
    return this.collapsed ? NAV_WIDTH.collapsed : NAV_WIDTH.expanded;
  }

  setViewportWidth(width: number): void {
    this.viewportWidth = width;
  }

  toggle(): void {
    const next = !this.collapsed;
    this.chosen.set(this.key, next);
    this.storage.setItem(this.key, String(next));
  }
}
