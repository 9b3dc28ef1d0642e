import type { HierarchySelection } from '@discovery/plugin-api';
import { contextChangeMessage, frameOrigin, isTokenRequestFromFrame, type HostToFrameMessage } from '../common';
import { settle, type Settled } from '@discovery/platform';

export interface FrameMessengerDeps {
  /** The unit's url: its origin is the only one messages go to and are accepted from. */
  unitUrl: string;
  /** The frame's window, once it exists. */
  target: () => Pick<Window, 'postMessage'> | null | undefined;
  /** TBX-019: a fresh SSO token from the authentication service (null when none). */
  fetchToken: () => Promise<string | null>;
  /** Absolute URL the frame validates the token against. */
  validationUrl: string;
  /** TBX-022: where the missing-token warning goes. */
  warn: (message: string) => void;
  /** The clock (tests). */
  now?: () => number;
}

/** A frame asking again within this many ms gets no new token (a loop in a frame must not mint tokens). */
export const TOKEN_REQUEST_INTERVAL_MS = 1000;

/**
 * The app's side of the embedded frame's protocol (001 §4.3): the SSO message on load and on the
 * frame's request (only from the frame's own origin), context changes. Every message is addressed
 * to the frame's origin, never '*'.
 */
export class FrameMessenger {
  readonly origin: string | null;
  /** How many SSO messages were posted (for the page's tests). */
  sent = 0;

  constructor(private readonly deps: FrameMessengerDeps) {
    this.origin = frameOrigin(deps.unitUrl);
  }

  private post(message: HostToFrameMessage): boolean {
    const target = this.deps.target();
    if (!target || !this.origin) return false;
    target.postMessage(message, this.origin);
    return true;
  }

  /** TBX-019: get a token and post {type: 'sso-token', token, validationUrl}. Never rejects: no token is a warning (TBX-022). */
  sendToken(): Settled<boolean> {
    return settle(this.postToken(), () => false);
  }

  private async postToken(): Promise<boolean> {
    let token: string | null;
    try {
      token = await this.deps.fetchToken();
    } catch {
      token = null;
    }
    if (!token) {
      // TBX-022: a warning in the log, nothing for the user.
      this.deps.warn('toolbox: no single sign-on token is available for the embedded application');
      return false;
    }
    const ok = this.post({ type: 'sso-token', token, validationUrl: this.deps.validationUrl });
    if (ok) this.sent++;
    return ok;
  }

  /**
   * TBX-020: answer 'request-sso-token' from the frame itself (its window, at its own origin) only;
   * another window of the same origin (a popup, a sibling frame) gets nothing.
   */
  handleMessage(event: { origin: string; data: unknown; source?: unknown }): Settled<boolean> {
    const frame = this.deps.target();
    if (!frame || event.source !== frame || !isTokenRequestFromFrame(event, this.deps.unitUrl)) return Promise.resolve(false);
    const now = (this.deps.now ?? Date.now)();
    if (now - this.lastRequest < TOKEN_REQUEST_INTERVAL_MS) return Promise.resolve(false);
    this.lastRequest = now;
    return this.sendToken();
  }

  private lastRequest = Number.NEGATIVE_INFINITY;

  /** TBX-021: the hierarchy selection, as a context-change message. */
  sendContext(sel: HierarchySelection): boolean {
    return this.post(contextChangeMessage(sel));
  }
}
