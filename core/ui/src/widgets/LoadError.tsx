import { Button } from '@blueprintjs/core';
import { errorMessageKey } from '@discovery/platform';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeadingLevel } from './Heading';
import { StateMessage } from './StateMessage';

export interface LoadErrorProps {
  /** The failure (a Resource's `error`): its envelope code says what went wrong, in the user's language. */
  error: unknown;
  /** 'Try again': the load to run once more. */
  onRetry?: () => void;
  /** What could not be loaded, when the section says more than 'This could not be loaded'. */
  title?: ReactNode;
  level?: HeadingLevel;
  'data-testid'?: string;
}

/**
 * The error state of a screen or section whose data failed to load (issue 24 §3): a StateMessage
 * with the error code's sentence (core's `errors.codes`) and a retry, so a failure never leaves a
 * spinner or an empty screen behind.
 */
export function LoadError({ error, onRetry, title, level, 'data-testid': testId = 'load-error' }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <StateMessage
      level={level}
      icon="error"
      title={title ?? t('errors.loadFailed')}
      description={t(errorMessageKey(error))}
      action={onRetry ? <Button icon="refresh" text={t('errors.retry')} onClick={onRetry} /> : undefined}
      data-testid={testId}
    />
  );
}
