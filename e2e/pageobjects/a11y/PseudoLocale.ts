/**
 * The pseudo-locale walk (issue 13 §8): with 'en-XA' every string that goes through i18next shows
 * as '⟦Ŝţŕîñĝ ~~~⟧'. What the page shows outside those brackets is either data (a value the
 * server sent, a number, a date) or a string that skipped i18next.
 */

/** The pseudo-locale of core/platform's i18n, and where the app reads the language from. */
export const PSEUDO_LOCALE = 'en-XA';
const LANGUAGE_KEY = 'language';

/** A piece of text on the page that is not inside a pseudo-localized string. */
export interface ShownText {
  /** 'text', or the attribute it came from ('aria-label', 'placeholder', 'title', ...). */
  kind: string;
  /** What is left once the pseudo-localized parts are taken out. */
  text: string;
  /** The element it sits on, for the report: 'button[data-testid="x"]' or 'div.bp6-callout'. */
  where: string;
}

/** Sets the pseudo-locale for this origin; the app reads it when it starts (the next page load). */
export async function usePseudoLocale(): Promise<void> {
  await browser.execute((key: string, lng: string) => localStorage.setItem(key, lng), LANGUAGE_KEY, PSEUDO_LOCALE);
}

export async function useLanguage(lng: string): Promise<void> {
  await browser.execute((key: string, l: string) => localStorage.setItem(key, l), LANGUAGE_KEY, lng);
}

/**
 * Every piece of text the user can see or a screen reader reads: text nodes of rendered elements
 * (in document order, so a pseudo-localized string split over several elements is followed
 * across them), the document's title, and the aria-label, placeholder, title, alt and
 * aria-valuetext attributes of rendered elements. Embedded applications' frames are another
 * origin's content and are not read.
 */
export async function shownTexts(): Promise<ShownText[]> {
  return browser.execute(() => {
    const OPEN = '⟦';
    const CLOSE = '⟧';
    const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext', 'aria-roledescription'];
    const describe = (el: Element | null): string => {
      if (!el) return '?';
      const id = el.getAttribute('data-testid');
      if (id) return `${el.tagName.toLowerCase()}[data-testid="${id}"]`;
      const holder = el.closest('[data-testid]');
      const cls = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean)[0];
      const self = cls ? `${el.tagName.toLowerCase()}.${cls}` : el.tagName.toLowerCase();
      return holder ? `${self} in [data-testid="${holder.getAttribute('data-testid')}"]` : self;
    };
    const rendered = (el: Element): boolean => {
      // An <option> of a closed select is not 'visible' to checkVisibility, but it is read and shown.
      if (el.closest('option, optgroup')) return (el.closest('select') as Element | null)?.checkVisibility() ?? false;
      return el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    };
    const outside = (s: string, depth: { n: number }): string => {
      let out = '';
      for (const ch of s) {
        if (ch === OPEN) depth.n++;
        else if (ch === CLOSE) depth.n = Math.max(0, depth.n - 1);
        else if (depth.n === 0) out += ch;
      }
      return out;
    };
    const found: { kind: string; text: string; where: string }[] = [];
    const push = (kind: string, text: string, el: Element | null) => {
      const t = text.replace(/\s+/g, ' ').trim();
      if (t) found.push({ kind, text: t, where: describe(el) });
    };

    // Text nodes, in order; a bracket opened in one node may close in a later one.
    const depth = { n: 0 };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        const el = node.parentElement;
        if (!el || el.closest('script, style, noscript, template, iframe')) return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement!;
      const rest = outside(node.nodeValue ?? '', depth);
      if (rendered(el)) push('text', rest, el);
    }
    push('document title', outside(document.title, { n: 0 }), document.documentElement);

    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el.closest('iframe') || !rendered(el)) continue;
      for (const a of ATTRIBUTES) {
        const v = el.getAttribute(a);
        // An svg's <title> names the icon; Blueprint's icons carry their name in data-icon only.
        if (v) push(a, outside(v, { n: 0 }), el);
      }
      if (el.tagName.toLowerCase() === 'title' && el.closest('svg')) push('svg title', outside(el.textContent ?? '', { n: 0 }), el.closest('svg'));
    }
    return found;
  });
}

/** Digits, punctuation and symbols only: counts, percentages, dates (yyyy-MM-dd), separators. */
const NOT_WORDS = /^[\p{N}\p{P}\p{S}\p{Z}\s]*$/u;

/**
 * The shown texts that are neither pseudo-localized nor data: not contained in a value the
 * server sent this page, and not made of such values, numbers, dates and punctuation.
 */
export function untranslated(texts: ShownText[], serverStrings: string[]): ShownText[] {
  const values = serverStrings.filter((s) => s.length > 0);
  // Longest first, so 'Fizz Cola Zero' goes before 'Fizz Cola'; very short values ('a', 'on')
  // would eat letters out of real words, so only values of 3 characters or more are cut out.
  const cuttable = values.filter((v) => v.length >= 3).sort((a, b) => b.length - a.length);
  return texts.filter(({ text }) => {
    if (NOT_WORDS.test(text)) return false;
    // A value cut short to fit (a chart's column title 'Coffee & Ju…') is still that value.
    const bare = text.endsWith('…') ? text.slice(0, -1) : text;
    if (values.some((v) => v.includes(bare))) return false;
    let rest = text;
    for (const v of cuttable) if (rest.includes(v)) rest = rest.split(v).join(' ');
    return !NOT_WORDS.test(rest);
  });
}

/**
 * The untranslated texts of a walk, by text, with the pages that showed them: `check` reads the
 * page as it is now, `expectEmpty` fails listing every one.
 */
export class UntranslatedReport {
  private readonly byText = new Map<string, Set<string>>();

  /** Reads what the page shows now against the strings the server sent it (PageProbe). */
  async check(page: string, serverStrings: string[]): Promise<void> {
    for (const f of untranslated(await shownTexts(), serverStrings)) {
      const key = `${f.kind === 'text' ? '' : `${f.kind}: `}'${f.text}'`;
      if (!this.byText.has(key)) this.byText.set(key, new Set());
      this.byText.get(key)!.add(`${page} (${f.where})`);
    }
  }

  /** Fails listing every untranslated text and the pages that show it. */
  expectEmpty(): void {
    if (this.byText.size === 0) return;
    const lines = [...this.byText.entries()].map(([text, where]) => `${text}\n${[...where].map((w) => `    ${w}`).join('\n')}`);
    throw new Error(`${this.byText.size} text(s) on screen did not go through i18next:\n${lines.join('\n')}`);
  }
}
