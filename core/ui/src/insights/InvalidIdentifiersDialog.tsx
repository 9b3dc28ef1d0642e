import { Button, Classes } from '@blueprintjs/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../widgets/AppDialog';

/** GROW-079 / JRN: a second click within `ms` of the last accepted one is ignored. */
export function throttleFirst<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = Date.now): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    fn(...args);
  };
}

export const INVALID_IDENTIFIERS_THROTTLE_MS = 5000;

export interface InvalidIdentifiersDialogProps {
  isOpen: boolean;
  title: string;
  /** The feature's text (Grow: 'Chart or associated custom widget contains Audience(s) ...'). */
  message: string;
  identifiers: readonly string[];
  tabs?: readonly string[];
  widgets?: readonly string[];
  /** 'Remove Invalid Audience(s)': shown with the update permission. */
  onRemove?: (() => void) | null;
  /** 'Delete Chart': shown with the destroy permission. */
  onDelete?: (() => void) | null;
  onClose: () => void;
  busy?: boolean;
}

/**
 * The invalid-identifiers modal of the insight screens (GROW-077..080, Journey and Overlap's
 * equivalents): the chart cannot be selected while its audiences name segments the provider
 * dropped. Remove and Delete are throttled (5 s); without either permission only Close remains.
 */
export function InvalidIdentifiersDialog(props: InvalidIdentifiersDialogProps) {
  const { t } = useTranslation();
  // One throttle per dialog instance, kept across renders; each calls the latest handler.
  const latest = useRef(props);
  latest.current = props;
  const remove = useRef(throttleFirst(() => latest.current.onRemove?.(), INVALID_IDENTIFIERS_THROTTLE_MS)).current;
  const destroy = useRef(throttleFirst(() => latest.current.onDelete?.(), INVALID_IDENTIFIERS_THROTTLE_MS)).current;
  const list = (label: string, items: readonly string[] | undefined, testId: string) =>
    items && items.length > 0 ? (
      <div data-testid={testId}>
        <p style={{ margin: '8px 0 4px' }}>
          <strong>{label}</strong>
        </p>
        <ul style={{ margin: 0 }}>
          {items.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <AppDialog isOpen={props.isOpen} onClose={props.onClose} title={props.title} icon="warning-sign">
      <div className={Classes.DIALOG_BODY} data-testid="invalid-identifiers-dialog">
        <p data-testid="invalid-identifiers-message">{props.message}</p>
        {list(t('invalidIdentifiers.identifiers'), props.identifiers, 'invalid-identifiers-list')}
        {list(t('invalidIdentifiers.affectedTabs'), props.tabs, 'invalid-identifiers-tabs')}
        {list(t('invalidIdentifiers.affectedWidgets'), props.widgets, 'invalid-identifiers-widgets')}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          {props.onRemove && (
            <Button intent="primary" text={t('invalidIdentifiers.remove')} loading={props.busy} onClick={remove} data-testid="invalid-identifiers-remove" />
          )}
          {props.onDelete && (
            <Button intent="danger" text={t('invalidIdentifiers.delete')} loading={props.busy} onClick={destroy} data-testid="invalid-identifiers-delete" />
          )}
          <Button text={t('close')} onClick={props.onClose} data-testid="invalid-identifiers-close" />
        </div>
      </div>
    </AppDialog>
  );
}
