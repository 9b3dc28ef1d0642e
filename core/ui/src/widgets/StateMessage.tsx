import { Classes, Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Heading, type HeadingLevel } from './Heading';

export interface StateMessageProps {
  icon?: IconName;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /**
   * The title's heading level: 1 when the message is the whole page (missing permissions, an error
   * panel), else the level below the section it sits in (default 2, under the page's h1).
   */
  level?: HeadingLevel;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * Blueprint's NonIdealState (same classes and look), with the title at the heading level its place
 * in the page needs: NonIdealState always renders an h4, which skips levels under a page's h1.
 */
export function StateMessage({ icon, title, description, action, level = 2, children, 'data-testid': testId }: StateMessageProps) {
  return (
    <div className={`${Classes.NON_IDEAL_STATE} ${Classes.NON_IDEAL_STATE}-vertical`} data-testid={testId}>
      {icon && (
        <div className={Classes.NON_IDEAL_STATE_VISUAL} style={{ fontSize: 48, lineHeight: '48px' }}>
          <Icon icon={icon} size={48} className={Classes.ICON_MUTED} aria-hidden tabIndex={-1} />
        </div>
      )}
      {(title || description) && (
        <div className={Classes.NON_IDEAL_STATE_TEXT}>
          {title && (
            <Heading level={level} look={4}>
              {title}
            </Heading>
          )}
          {description && (typeof description === 'string' ? <div>{description}</div> : description)}
        </div>
      )}
      {action}
      {children}
    </div>
  );
}
