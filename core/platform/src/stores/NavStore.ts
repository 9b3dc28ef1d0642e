import { makeAutoObservable } from 'mobx';

export const NAV_WIDTH = { collapsed: 56, expanded: 200 } as const;
const KEY = 'nav-collapsed';

/** SHELL-003: the left nav's state, expanded by default, remembered in local storage. */
export class NavStore {
  collapsed: boolean;

  constructor(private readonly storage: Storage = localStorage) {
    this.collapsed = storage.getItem(KEY) === 'true';
    makeAutoObservable<NavStore, 'storage'>(this, { storage: false });
  }

  get width(): number {
    return this.collapsed ? NAV_WIDTH.collapsed : NAV_WIDTH.expanded;
  }

  toggle(): void {
    this.collapsed = !this.collapsed;
    this.storage.setItem(KEY, String(this.collapsed));
  }
}
