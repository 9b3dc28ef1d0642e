import { hasControlCharacters } from './schemaRules';
const HERE = 'http://return-path.invalid';

/** A path that every reader (a browser's URL parser, a redirect, a router) keeps on this origin. */
function staysOnOrigin(v: string): boolean {
  if (!v.startsWith('/') || v.startsWith('//')) return false;
  // A backslash is a slash to a browser ('/\evil' is '//evil'); a tab or newline is dropped by the
  // URL parser ('/\t/evil' is '//evil'). Neither belongs in an address we send someone back to.
  if (v.includes('\\') || hasControlCharacters(v) || /[\t\n\r]/.test(v)) return false;
  try {
    return new URL(v, HERE).origin === HERE;
  } catch {
    return false;
  }
}

/**
 * The return address after sign-in or sign-out (SHELL-032, SHELL-038, SRV-011, SRV-012): the value
 * itself when it is a path on this origin, else null. It is checked as given and once
 * percent-decoded, since query strings are decoded again on the way ('/%09/evil' arrives as
 * '/\t/evil', '/%5Cevil' as '/\evil'). One rule for the server's redirects and the login page.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  return staysOnOrigin(value) && staysOnOrigin(decoded) ? value : null;
}
