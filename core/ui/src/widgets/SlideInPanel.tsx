import { Button, Classes, Drawer } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
 * Grow's market and audience forms, ...). Blueprint's drawer gives the overlay, Escape and the
 * focus trap; it has no dialog role, so the content is the named dialog (role, aria-modal,
 * labelled by the heading).
 */
export function SlideInPanel(props: SlideInPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer isOpen={props.isOpen} onClose={props.onClose} size={props.width} position="right" canOutsideClickClose={false}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
        data-testid={props.testId}
        data-width={props.width}
      >
        <div className={Classes.DRAWER_HEADER}>
          <h4 id={titleId} className={Classes.HEADING}>
            {props.title}
          </h4>
          <Button variant="minimal" icon="cross" aria-label={t('slideIn.close')} onClick={props.onClose} />
        </div>
        <div className={Classes.DRAWER_BODY}>
          <div style={{ padding: 16 }}>{props.children}</div>
        </div>
        {props.footer && <div className={Classes.DRAWER_FOOTER}>{props.footer}</div>}
      </div>
    </Drawer>
  );
}
