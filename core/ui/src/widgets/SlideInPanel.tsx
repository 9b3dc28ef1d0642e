import { Button, Classes, Drawer, Icon, type IconName } from '@blueprintjs/core';
import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from './Heading';

export interface SlideInPanelProps {
  isOpen: boolean;
  onClose: () => void;
  /** The panel's title: its accessible name and its h2. */
  title: ReactNode;
  icon?: IconName;
  /** Width of the panel (it slides in from the right). */
  size: number | string;
  children: ReactNode;
  style?: CSSProperties;
}

/**
 * A panel that slides in from the right (Blueprint's Drawer) as a named dialog: Drawer draws its
 * title as an h4, gives the panel no dialog role or name, and labels its close button in English.
 * Here the panel is a `role="dialog"` named by its title, an h2 under the page's h1, with a
 * translated close button. Put the content in `Classes.DRAWER_BODY` / `DRAWER_FOOTER` as with Drawer.
 */
export function SlideInPanel({ isOpen, onClose, title, icon, size, children, style }: SlideInPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  return (
    // Opening, the focus goes to the panel (a screen reader says its title); Tab goes on from there.
    <Drawer isOpen={isOpen} onClose={onClose} size={size} position="right" style={style} onOpening={() => panel.current?.focus()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, outline: 'none' }}
      >
        <div className={Classes.DRAWER_HEADER}>
          {icon && <Icon icon={icon} size={20} aria-hidden tabIndex={-1} />}
          <Heading level={2} look={4} id={titleId}>
            {title}
          </Heading>
          <Button aria-label={t('close')} className={Classes.DIALOG_CLOSE_BUTTON} icon="small-cross" variant="minimal" onClick={onClose} />
        </div>
        {children}
      </div>
    </Drawer>
  );
}
