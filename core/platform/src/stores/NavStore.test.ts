import { NAV_AUTO_COLLAPSE_BELOW, NavStore } from './NavStore';

/** A window whose width the test sets, with its resize listeners. */
function fakeWindow(innerWidth: number) {
  const listeners: (() => void)[] = [];
  return {
    innerWidth,
    addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
    resize(width: number) {
      this.innerWidth = width;
      for (const l of listeners) l();
    },
  };
}

describe('NavStore (SHELL-003, issue 14 §6)', () => {
  beforeEach(() => localStorage.clear());

  it('starts collapsed in a 1440 px window (200 + 1280 would not fit) and expanded where it fits', () => {
    expect(NAV_AUTO_COLLAPSE_BELOW).toBe(1496);
    expect(new NavStore(localStorage, () => 1, fakeWindow(1440) as never).width).toBe(56);
    expect(new NavStore(localStorage, () => 1, fakeWindow(1600) as never).width).toBe(200);
  });

  it('follows the window until the user chooses, then keeps their choice', () => {
    const win = fakeWindow(1600);
    const nav = new NavStore(localStorage, () => 1, win as never);
    expect(nav.collapsed).toBe(false);
    win.resize(1366);
    expect(nav.collapsed).toBe(true);
    nav.toggle();
    expect(nav.collapsed).toBe(false);
    win.resize(1200);
    expect(nav.collapsed).toBe(false);
  });

  it('remembers the choice per user, across page loads', () => {
    let user: number | null = 1;
    const nav = new NavStore(localStorage, () => user, fakeWindow(1920) as never);
    nav.toggle();
    expect(nav.collapsed).toBe(true);
    // Another user in the same browser gets the default for the window, not user 1's choice.
    user = 2;
    expect(new NavStore(localStorage, () => user, fakeWindow(1920) as never).collapsed).toBe(false);
    user = 1;
    expect(new NavStore(localStorage, () => user, fakeWindow(1920) as never).collapsed).toBe(true);
  });
});
