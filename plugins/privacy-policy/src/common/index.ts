import { createRouteRef } from '@discovery/plugin-api';

export const privacyPolicyRoute = createRouteRef({ id: 'privacy-policy.page', scope: 'global', path: 'privacy-policy' });

/** SHELL-096: 'Back to Top' shows once the page is scrolled more than this many pixels. */
export const BACK_TO_TOP_THRESHOLD_PX = 400;

export function showBackToTop(scrollY: number): boolean {
  return scrollY > BACK_TO_TOP_THRESHOLD_PX;
}

/** SHELL-095: the policy's 11 numbered sections, in order (keys into the locale file). */
export const POLICY_SECTIONS = [
  'scope',
  'information',
  'identifiers',
  'use',
  'sharing',
  'choices',
  'retention',
  'security',
  'children',
  'changes',
  'contact',
] as const;
