import { Button, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { AppDialog } from '@discovery/ui';

/** 002 §9 / 001 §9: the destructive buttons of an invalid-audience modal ignore clicks for 5000 ms after one. */
export const INVALID_ACTION_THROTTLE_MS = 5000;

export interface InvalidAudiencesAction {
  key: string;
  text: string;
  intent?: Intent;
  onClick: () => void | Promise<unknown>;
  /** Throttle the button (destructive actions); a click then disables it for `throttleMs`. */
  throttled?: boolean;
}

/** A list under the message: the segments no longer available, the custom tabs or widgets they affect (Grow). */
export interface InvalidAudiencesList {
  key: string;
  label: string;
  items: readonly string[];
}

export interface InvalidAudiencesDialogProps {
  isOpen: boolean;
  title: string;
  /** The spec's message with the chart's name in it. */
  message: string;
  /** Shown under the message when not empty. */
  lists?: readonly InvalidAudiencesList[];
  actions: readonly InvalidAudiencesAction[];
  onClose?: () => void;
  throttleMs?: number;
  'data-testid'?: string;
}

/**
 * The modal a chart with audiences whose segments the provider no longer has opens with
 * (OVL-053..055, GROW-077..080): the text, the lists the screen names, and the actions it allows, the
 * destructive ones throttled so a double click does not delete or rewrite twice.
 */
export function InvalidAudiencesDialog({
  isOpen,
  title,
  message,
  lists = [],
  actions,
  onClose,
  throttleMs = INVALID_ACTION_THROTTLE_MS,
  ...rest
}: InvalidAudiencesDialogProps) {
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const click = (a: InvalidAudiencesAction) => {
    if (blocked.has(a.key)) return;
    if (a.throttled) {
      setBlocked((b) => new Set(b).add(a.key));
      timers.current.push(
        setTimeout(
          () =>
            setBlocked((b) => {
              const next = new Set(b);
              next.delete(a.key);
              return next;
            }),
          throttleMs,
        ),
      );
    }
    // The action's store shows its own failure; one that still rejects is a defect, logged.
    Promise.resolve(a.onClick()).catch((e: unknown) => console.error(`invalid-audiences action '${a.key}' failed`, e));
  };
  return (
    <AppDialog
      isOpen={isOpen}
      title={title}
      icon="warning-sign"
      onClose={onClose}
      isCloseButtonShown={!!onClose}
      canEscapeKeyClose={!!onClose}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p data-testid={rest['data-testid'] ? `${rest['data-testid']}-message` : undefined}>{message}</p>
        {lists
          .filter((l) => l.items.length > 0)
          .map((l) => (
            <div key={l.key} data-testid={rest['data-testid'] ? `${rest['data-testid']}-${l.key}` : undefined}>
              <p style={{ margin: '8px 0 4px' }}>
                <strong>{l.label}</strong>
              </p>
              <ul style={{ margin: 0 }}>
                {l.items.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </div>
          ))}
      </DialogBody>
      <DialogFooter
        actions={actions.map((a) => (
          <Button key={a.key} text={a.text} intent={a.intent} disabled={blocked.has(a.key)} onClick={() => click(a)} data-testid={`invalid-action-${a.key}`} />
        ))}
      />
    </AppDialog>
  );
}
