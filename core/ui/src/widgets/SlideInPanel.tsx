import { Button, Classes, Drawer, Icon, type IconName } from '@blueprintjs/core';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from './Heading';

/** The slide-in widths the spec uses (GROW-039, JRN, EXP-005, UPL-021, 002 §9): mapping 400 … overlap form 1100. */
export const SLIDE_IN_WIDTHS = [400, 450, 550, 600, 650, 800, 1100] as const;
export type SlideInWidth = (typeof SLIDE_IN_WIDTHS)[number];

export interface SlideInPanelProps {
  isOpen: boolean;
  onClose: () => void;
  /** The panel's heading and accessible name. */
  title: ReactNode;
  width: SlideInWidth;
  icon?: IconName;
  children: ReactNode;
  /** Save / Cancel, kept in view under a long form. */
  footer?: ReactNode;
  testId?: string;
  /** A click beside the panel closes it (a list); not for a form, which would lose its input (default). */
  canOutsideClickClose?: boolean;
  /**
   * The children are the panel's body (and footer) themselves, in `Classes.DRAWER_BODY` /
   * `DRAWER_FOOTER`: a list whose body is its own scroll box. Otherwise they go in a padded body.
   */
  ownBody?: boolean;
}

/**
 * A panel sliding in from the right at one of the spec's widths (the notification panel, the
 * segment mapper, demographic forms 650 and 800, Grow's market and audience forms, ...). Blueprint's
 * drawer gives the overlay, Escape and the focus trap; it has no dialog role, draws its title as
 * an h4 and labels its close button in English, so the content is the named dialog here (role,
 * aria-modal, labelled by an h2 title), with a translated close button. Opening, the focus goes to
 * the panel, so a screen reader says its title; Tab goes on from there.
 */
export function SlideInPanel(props: SlideInPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  return (
    <Drawer
      isOpen={props.isOpen}
      onClose={props.onClose}
      size={props.width}
      position="right"
      canOutsideClickClose={props.canOutsideClickClose ?? false}
      onOpening={() => panel.current?.focus()}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, outline: 'none' }}
        data-testid={props.testId}
        data-width={props.width}
      >
        <div className={Classes.DRAWER_HEADER}>
          {props.icon && <Icon icon={props.icon} size={20} aria-hidden tabIndex={-1} />}
          <Heading level={2} look={4} id={titleId}>
            {props.title}
          </Heading>
          <Button variant="minimal" icon="cross" aria-label={t('close')} onClick={props.onClose} />
        </div>
        {props.ownBody ? (
          props.children
        ) : (
          <>
            <div className={Classes.DRAWER_BODY}>
              <div style={{ padding: 16 }}>{props.children}</div>
            </div>
            {props.footer && <div className={Classes.DRAWER_FOOTER}>{props.footer}</div>}
          </>
        )}
      </div>
    </Drawer>
  );
}
