import { Classes } from '@blueprintjs/core';
import type { HTMLAttributes } from 'react';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The level the page's outline needs: one h1 a page, no level skipped below it (WCAG 1.3.1). */
  level: HeadingLevel;
  /** The Blueprint size it is drawn at, when that differs from its level (a section title looks like an h4). */
  look?: HeadingLevel;
}

/** A Blueprint heading whose level and size are chosen apart, so the outline is right without changing the design. */
export function Heading({ level, look, className, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  const classes = [Classes.HEADING, look && look !== level ? `dsc-look-h${look}` : null, className].filter(Boolean).join(' ');
  return <Tag className={classes} {...rest} />;
}

/** A page's title: its one h1, drawn at the size page titles have (Blueprint's h2). */
export function PageTitle(props: Omit<HeadingProps, 'level'>) {
  return <Heading level={1} look={2} {...props} />;
}
