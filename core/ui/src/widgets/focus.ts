const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Moves the focus into an overlay that has just opened (Blueprint leaves it on a focus-trap
 * element outside the dialog, so a screen reader never enters the dialog): to the element that
 * asks for it (`[autofocus]`, or `prefer`), else the first control of the body, else `fallback`.
 */
export function focusInto(root: HTMLElement | null, opts: { prefer?: string; skip?: string; fallback?: HTMLElement | null } = {}): void {
  if (!root) return;
  const wanted = root.querySelector<HTMLElement>(`[autofocus]${opts.prefer ? `, ${opts.prefer}` : ''}`);
  const first = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).find((el) => !(opts.skip && el.matches(opts.skip)));
  (wanted ?? first ?? opts.fallback)?.focus();
}
