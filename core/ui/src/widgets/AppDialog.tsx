import { Button, Classes, Dialog, H2, Icon, type DialogProps } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusInto } from './focus';

/**
 * Blueprint's Dialog with its header drawn here: the same look, named by its title, with the close
 * button labelled in the user's language (Blueprint's says 'Close' in English whatever the language).
 * On opening the focus goes into the dialog: its first control, the close button when it has none.
 */
export function AppDialog({ title, icon, isCloseButtonShown, titleTagName: _titleTagName, children, onOpening, ...props }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const opening = (node: HTMLElement) => {
    onOpening?.(node);
    focusInto(node, { skip: `.${Classes.DIALOG_CLOSE_BUTTON}`, fallback: node.querySelector<HTMLElement>(`.${Classes.DIALOG_CLOSE_BUTTON}`) });
  };
  if (title === undefined || title === null)
    return (
      <Dialog {...props} onOpening={opening}>
        {children}
      </Dialog>
    );
  return (
    <Dialog {...props} onOpening={opening} {...{ 'aria-labelledby': titleId }}>
      <div className={Classes.DIALOG_HEADER}>
        {icon && <Icon icon={icon} aria-hidden tabIndex={-1} />}
        <H2 id={titleId}>{title}</H2>
        {isCloseButtonShown !== false && (
          <Button aria-label={t('close')} className={Classes.DIALOG_CLOSE_BUTTON} icon="small-cross" variant="minimal" onClick={props.onClose} />
        )}
      </div>
      {children}
    </Dialog>
  );
}
