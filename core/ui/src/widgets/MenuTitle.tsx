import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * The title of a section in a Blueprint Menu, drawn as MenuDivider's title is but not a heading:
 * a menu is no part of the page's outline (MenuDivider's h6 breaks heading order under a page's
 * h1). Put it first in a `role="group"` element named by the same text.
 */
export function MenuTitle({ children }: { children: ReactNode }) {
  return (
    <li className={Classes.MENU_HEADER} role="presentation">
      <h6 className={Classes.HEADING} role="presentation">
        {children}
      </h6>
    </li>
  );
}
