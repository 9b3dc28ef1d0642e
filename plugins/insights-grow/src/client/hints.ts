import { useEffect, useState } from 'react';
import { HINT_COOKIE_DAYS, HINT_HIDE_MS } from '../common';

/** GROW-011: whether a hint was shown in this browser (a cookie per variant, 365 days). */
export function hintSeen(name: string, cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((c) => c.trim().startsWith(`${name}=`));
}

function markSeen(name: string): void {
  const expires = new Date(Date.now() + HINT_COOKIE_DAYS * 86_400_000).toUTCString();
  document.cookie = `${name}=1; expires=${expires}; path=/; SameSite=Lax`;
}

/** Shows a hint once per cookie lifetime when `when` turns true, and hides it after 10 s. */
export function useOnceHint(name: string, when: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!when || hintSeen(name)) return;
    markSeen(name);
    setShown(true);
    const timer = setTimeout(() => setShown(false), HINT_HIDE_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [name, when]);
  return shown && when;
}
