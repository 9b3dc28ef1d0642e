import type { Queryable, ServerCore } from '@discovery/server';
import type { InsightsOwnerKind } from '../common';

/** A chart, journey, comparison, persona or audience of a product (the owner of custom insight tabs). */
export interface OwnerRef {
  kind: InsightsOwnerKind;
  id: number;
  productId: number;
}

/** What of an owner's parts names segments the provider no longer has (GROW-077, JRN-024, OVL-053). */
export interface OwnedInvalid {
  identifiers: string[];
  tabs: string[];
  widgets: string[];
}

/**
 * What a plugin keeps for owners that belong to other plugins (the insights plugin's custom tabs
 * and widgets of a Grow chart, a journey, a comparison). It registers it with `core.owners`; the
 * owner's plugin asks through the registry, so neither names the other's tables, and a build
 * without the parts' plugin simply has none.
 */
export interface OwnedParts {
  /** The owner's parts that name a segment `unknown` refuses. */
  invalid(db: Pick<Queryable, 'query'>, owner: OwnerRef, unknown: (ids: string[]) => string[]): Promise<OwnedInvalid>;
  /** Drops what names these segments; parts left without data go too. In the caller's transaction. */
  removeInvalid(tx: Queryable, owner: OwnerRef, ids: readonly string[]): Promise<void>;
  /** The owner is being deleted (or was copied from: not called); in the caller's transaction. */
  deleteOwner(tx: Queryable, owner: OwnerRef): Promise<void>;
}

/** ServerCore.owners: the registered parts, asked together. */
export interface OwnerRegistry {
  register(parts: OwnedParts): void;
  invalid(db: Pick<Queryable, 'query'>, owner: OwnerRef, unknown: (ids: string[]) => string[]): Promise<OwnedInvalid>;
  removeInvalid(tx: Queryable, owner: OwnerRef, ids: readonly string[]): Promise<void>;
  deleteOwner(tx: Queryable, owner: OwnerRef): Promise<void>;
}

export function createOwnerRegistry(): OwnerRegistry {
  const all: OwnedParts[] = [];
  const unique = (xs: string[]) => [...new Set(xs)];
  return {
    register: (parts) => void all.push(parts),
    async invalid(db, owner, unknown) {
      const found = await Promise.all(all.map((p) => p.invalid(db, owner, unknown)));
      return {
        identifiers: unique(found.flatMap((f) => f.identifiers)),
        tabs: unique(found.flatMap((f) => f.tabs)),
        widgets: unique(found.flatMap((f) => f.widgets)),
      };
    },
    async removeInvalid(tx, owner, ids) {
      if (ids.length) for (const p of all) await p.removeInvalid(tx, owner, ids);
    },
    async deleteOwner(tx, owner) {
      for (const p of all) await p.deleteOwner(tx, owner);
    },
  };
}

/**
 * The server's one owners registry: the insights plugin registers its parts, chart plugins ask it,
 * whichever registers first (core.shared keeps one per server).
 */
export function owners(core: Pick<ServerCore, 'shared'>): OwnerRegistry {
  return core.shared('insights-kit:owners', createOwnerRegistry);
}
