/**
 * The messages between the app and an embedded application (001 §4.3, TBX-019..023). The app posts
 * to the frame with targetOrigin = the frame's origin; the frame may ask for the token again.
 */
export interface SsoTokenMessage {
  type: 'sso-token';
  token: string;
  /** Absolute URL the embedded application validates the token against. */
  validationUrl: string;
}
export interface ContextChangeMessage {
  type: 'context-change';
  clientSlug: string | null;
  regionSlug: string | null;
  brandSlug: string | null;
  productSlug: string | null;
}
export interface LogoutMessage {
  type: 'logout';
}
export type HostToFrameMessage = SsoTokenMessage | ContextChangeMessage | LogoutMessage;

/** What the frame sends to ask for the SSO message again (TBX-020). */
export const REQUEST_SSO_TOKEN = 'request-sso-token';

/** The origin of a unit's url, or null when it has none (never '*'). */
export function frameOrigin(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}

/** A message's type, whether the frame sent a string or an object with `type`. */
export function messageType(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object' && typeof (data as { type?: unknown }).type === 'string') return (data as { type: string }).type;
  return null;
}

/**
 * TBX-020: a 'request-sso-token' message is answered only when its origin equals the frame's own
 * origin (the origin of the unit url). Anything else is ignored.
 */
export function isTokenRequestFromFrame(event: { origin: string; data: unknown }, unitUrl: string): boolean {
  const origin = frameOrigin(unitUrl);
  return origin !== null && event.origin === origin && messageType(event.data) === REQUEST_SSO_TOKEN;
}

/** TBX-021 DESIGN: the context-change message. */
export function contextChangeMessage(sel: { client?: string; region?: string; brand?: string; product?: string }): ContextChangeMessage {
  return {
    type: 'context-change',
    clientSlug: sel.client ?? null,
    regionSlug: sel.region ?? null,
    brandSlug: sel.brand ?? null,
    productSlug: sel.product ?? null,
  };
}
