import { Alert, Classes, type AlertProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps extends Omit<AlertProps, 'children'> {
  /** What the user confirms, in words: the dialog's accessible name (a screen reader says it on opening). */
  title: ReactNode;
  /** More about it, read as the dialog's description. */
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * Blueprint's Alert with a name: an alertdialog needs one (axe 'aria-dialog-name'), and Alert has
 * no title of its own. The title shows in bold above the text, as confirmations here did.
 */
export function ConfirmDialog({ title, children, 'data-testid': testId, onOpening, ...alert }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  // Opening, the focus goes to the answer that changes nothing (Cancel, the footer's last button).
  const opening = (node: HTMLElement) => {
    onOpening?.(node);
    node.querySelector<HTMLElement>(`.${Classes.ALERT_FOOTER} .${Classes.BUTTON}:last-child`)?.focus();
  };
  return (
    <Alert {...alert} onOpening={opening} {...{ 'aria-labelledby': titleId, 'aria-describedby': children ? textId : undefined }}>
      <div data-testid={testId}>
        <p id={titleId}>
          <strong>{title}</strong>
        </p>
        {children && <div id={textId}>{children}</div>}
      </div>
    </Alert>
  );
}
