import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface OneTimeSecretProps {
  /** What it is, said first ('Invitation link for ...', 'Secret of the key ...'). */
  title: string;
  value: string;
  /** Why it shows once. */
  hint: string;
  onDismiss: () => void;
  'data-testid': string;
}

/**
 * A value the server shows once (an invitation link, an API key's secret): read-only, selectable,
 * with Copy; it goes when dismissed and cannot be shown again.
 */
export function OneTimeSecret({ title, value, hint, onDismiss, 'data-testid': testId }: OneTimeSecretProps) {
  const { t } = useTranslation('global-admin');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    const clip = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clip) return setCopied('failed');
    clip.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Callout intent="success" title={title} style={{ marginBottom: 16 }} data-testid={testId}>
      <p>{hint}</p>
      <div style={{ display: 'flex', gap: 8 }}>
        <InputGroup
          readOnly
          value={value}
          aria-label={title}
          style={{ fontFamily: 'monospace' }}
          fill
          data-testid={`${testId}-value`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button icon="duplicate" text={t('secret.copy')} onClick={copy} data-testid={`${testId}-copy`} />
        <Button text={t('secret.done')} onClick={onDismiss} data-testid={`${testId}-dismiss`} />
      </div>
      <p role="status">{copied === 'yes' ? t('secret.copied') : copied === 'failed' ? t('secret.copyFailed') : ''}</p>
    </Callout>
  );
}
