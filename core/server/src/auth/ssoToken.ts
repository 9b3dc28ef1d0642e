import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SsoClaims {
  sub: number;
  email: string;
  first_name: string;
  last_name: string;
  exp: number;
  /** The embedded application the token was made for (SRV-013 frame tokens): another one must refuse it. */
  aud?: string;
  /** The session the token was made in (its ssoKeyOf): the token dies with it. */
  sid: string;
  /** 'View as': the admin who really acts as `sub` (RFC 8693's actor claim). */
  act?: { sub: number; email: string };
}

/** SRV-010 / SRV-013: a short-lived signed token for embedded frames: payload.signature. */
export function signSsoToken(claims: Omit<SsoClaims, 'exp'>, secret: string, ttlSeconds = 300, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + ttlSeconds })).toString('base64url');
  const sig = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${sig}`;
}

export function verifySsoToken(token: string, secret: string, now = Date.now()): SsoClaims | null {
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return null;
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SsoClaims;
    return typeof claims.exp === 'number' && claims.exp * 1000 > now && typeof claims.sid === 'string' ? claims : null;
  } catch {
    return null;
  }
}
