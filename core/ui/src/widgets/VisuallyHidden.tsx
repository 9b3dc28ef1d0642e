import type { HTMLAttributes } from 'react';

/** Text for screen readers only: a page's h1 when the page shows none, a table column's name over its buttons. */
export function VisuallyHidden(props: HTMLAttributes<HTMLSpanElement>) {
  return <span {...props} className={['dsc-visually-hidden', props.className].filter(Boolean).join(' ')} />;
}
