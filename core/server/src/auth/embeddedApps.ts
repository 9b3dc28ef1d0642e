import type { RequestAuth } from '../types';

/**
 * Says whether the signed-in caller may open the embedded application (toolbox unit) named
 * `unitName`, by the same rule that lists it in their navigation. `auth.context` is the caller's
 * X-Context, when the call carries one.
 */
export type FrameUnitCheck = (auth: RequestAuth, unitName: string) => Promise<boolean>;

/** What a server plugin that owns embedded applications tells core (ServerCore.frames). */
export interface FrameRegistry {
  /** A frame token (SRV-013) is made only for a unit some registered check allows. */
  registerUnitCheck(check: FrameUnitCheck): void;
  /** Lets the app's pages frame this origin (CSP frame-src), e.g. a demo application's listener. */
  allowOrigin(origin: string): void;
  /** Takes an origin allowOrigin added away again (its listener closed). */
  removeOrigin(origin: string): void;
}

/**
 * Core's side of embedded applications. Core cannot read plugin tables, so the plugin that owns
 * them (toolbox) registers the check; a build without one refuses every unit.
 */
export class EmbeddedApps implements FrameRegistry {
  private readonly checks: FrameUnitCheck[] = [];
  private readonly added = new Set<string>();
  private sources: string[];

  constructor(private readonly configured: readonly string[]) {
    this.sources = [...configured];
  }

  registerUnitCheck(check: FrameUnitCheck): void {
    this.checks.push(check);
  }

  async allows(auth: RequestAuth, unitName: string): Promise<boolean> {
    for (const check of this.checks) if (await check(auth, unitName)) return true;
    return false;
  }

  allowOrigin(origin: string): void {
    this.added.add(new URL(origin).origin);
    this.sources = [...new Set([...this.configured, ...this.added])];
  }

  removeOrigin(origin: string): void {
    this.added.delete(new URL(origin).origin);
    this.sources = [...new Set([...this.configured, ...this.added])];
  }

  /** The origins pages may frame besides their own. */
  frameOrigins(): readonly string[] {
    return this.sources;
  }
}
