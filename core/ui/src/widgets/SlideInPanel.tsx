import { Classes, Drawer } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The slide-in widths the spec uses (GROW-039, JRN, EXP-005, 002 §9): mapping 400 … overlap form 1100. */
export const SLIDE_IN_WIDTHS = [400, 450, 550, 650, 800, 1100] as const;
export type SlideInWidth = (typeof SLIDE_IN_WIDTHS)[number];

export interface SlideInPanelProps {
  isOpen: boolean;
  onClose: () => void;
  /** The panel's heading and accessible name. */
  title: string;
  width: SlideInWidth;
  children: ReactNode;
  /** Save / Cancel, kept in view under a long form. */
  footer?: ReactNode;
  testId?: string;
}

/**
 * A form sliding in from the right at one of the spec's widths (demographic forms 650 and 800,
 * Grow's market and audience forms, ...). A Blueprint drawer: a named dialog, Escape closes it,
 * focus stays inside while it is open.
 */
export function SlideInPanel(props: SlideInPanelProps) {
  return (
    <Drawer isOpen={props.isOpen} onClose={props.onClose} size={props.width} title={props.title} position="right" canOutsideClickClose={false}>
      <div className={Classes.DRAWER_BODY} data-testid={props.testId} data-width={props.width}>
        <div style={{ padding: 16 }}>{props.children}</div>
      </div>
      {props.footer && <div className={Classes.DRAWER_FOOTER}>{props.footer}</div>}
    </Drawer>
  );
}
