import { Classes, Menu, type MenuProps } from '@blueprintjs/core';
import { useEffect, useEffectEvent, useRef, type KeyboardEvent } from 'react';

const ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

/**
 * Blueprint's Menu used as the WAI-ARIA menu pattern: when it opens, the chosen item (or the
 * first) has the focus; the up and down arrows, Home and End move between items; Enter or Space
 * activates one (Blueprint's MenuItem) and Escape closes the popover. Blueprint leaves the focus
 * on the popover's frame, from where only Tab reaches the items.
 */
export function KeyboardMenu({
  onKeyDown,
  initialFocus = 'active',
  ...props
}: MenuProps & {
  /** Which item has the focus on opening: the chosen one (a list to pick from) or the first (a menu of actions). */ initialFocus?: 'active' | 'first';
}) {
  const ref = useRef<HTMLUListElement>(null);
  const focusInitial = useEffectEvent(() => {
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);
    ((initialFocus === 'active' ? items.find((i) => i.classList.contains(Classes.ACTIVE)) : undefined) ?? items[0])?.focus();
  });
  // Only when the menu opens, and a frame later: the popover first records where the focus was
  // (its button), to give it back on closing, and only then does the focus move into the menu.
  useEffect(() => {
    const frame = requestAnimationFrame(() => focusInitial());
    return () => cancelAnimationFrame(frame);
  }, []);
  const move = (e: KeyboardEvent<HTMLUListElement>) => {
    onKeyDown?.(e);
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);
    if (!items.length) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown'
        ? (at + 1) % items.length
        : e.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    items[to].focus();
  };
  return <Menu {...props} ulRef={ref} onKeyDown={move} />;
}
