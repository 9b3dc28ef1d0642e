/**
 * Driving the app with the keyboard only: every action here is a key press; what the page shows is
 * read to decide the next press, as a sighted keyboard user reads the focus ring.
 */

/** What has the focus, as a user would see it. */
export interface Focused {
  testId: string | null;
  tag: string;
  role: string | null;
  /** Its text, or its accessible label when it has no text. */
  text: string;
  href: string | null;
  /** An input's name. */
  name: string | null;
  /** Whether a focus indicator is drawn (an outline or a box shadow). */
  ringed: boolean;
}

export async function focused(): Promise<Focused> {
  return browser.execute(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { testId: null, tag: 'body', role: null, text: '', href: null, name: null, ringed: false };
    const style = getComputedStyle(el);
    const ringed = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
    return {
      testId: el.getAttribute('data-testid'),
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      text: (el.innerText || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim(),
      href: el.getAttribute('href'),
      name: el.getAttribute('name'),
      ringed,
    };
  });
}

/**
 * Presses `key` (Tab, Shift+Tab, ArrowDown...) until the focused element matches, at most `max`
 * times; fails naming what had the focus on the way.
 */
export async function pressUntil(key: string | string[], match: (f: Focused) => boolean, what: string, max = 60): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i <= max; i++) {
    const f = await focused();
    if (match(f)) return f;
    seen.push(f.testId ?? `${f.tag}${f.role ? `[role=${f.role}]` : ''} '${f.text.slice(0, 30)}'`);
    await browser.keys(key);
  }
  throw new Error(`${what}: not reached with ${JSON.stringify(key)} in ${max} presses; focus went ${seen.slice(-15).join(' > ')}`);
}

export const tabTo = (match: (f: Focused) => boolean, what: string) => pressUntil('Tab', match, what);
export const byTestId = (id: string) => (f: Focused) => f.testId === id;

/**
 * Opens the popover menu of the button `testId` with Enter, moves to the item reading `item` with
 * the down arrow, and chooses it with Enter. The menu opens with the chosen (or first) item focused.
 */
export async function chooseFromMenu(testId: string, item: string): Promise<void> {
  await tabTo(byTestId(testId), testId);
  await browser.keys('Enter');
  await browser.waitUntil(async () => (await focused()).role === 'menuitem', {
    timeout: 5000,
    timeoutMsg: `the ${testId} menu opened without focusing an item`,
  });
  await pressUntil('ArrowDown', (f) => f.role === 'menuitem' && f.text === item, `'${item}' in the ${testId} menu`, 30);
  await browser.keys('Enter');
}

/** Types text into the focused field, one key per character. */
export async function type(text: string): Promise<void> {
  await browser.keys(text.split(''));
}
