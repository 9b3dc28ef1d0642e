import type { Queryable } from '@discovery/server';
import { INSIGHTS_OWNER_KINDS } from '../common';
import { createOwnerRegistry, type OwnedParts, type OwnerRef } from './owners';

/** A plugin's parts kept in memory per owner ('kind:id'), as the insights plugin keeps tabs in its tables. */
function keeper(name: string): OwnedParts & { rows: Map<string, string[]> } {
  const rows = new Map<string, string[]>();
  const key = (o: OwnerRef) => `${o.kind}:${o.id}:${o.productId}`;
  return {
    rows,
    async invalid(_db, owner, unknown) {
      const ids = unknown(rows.get(key(owner)) ?? []);
      return { identifiers: ids, tabs: ids.length ? [`${name} tab`] : [], widgets: [] };
    },
    async removeInvalid(_tx, owner, ids) {
      rows.set(
        key(owner),
        (rows.get(key(owner)) ?? []).filter((x) => !ids.includes(x)),
      );
    },
    async deleteOwner(_tx, owner) {
      rows.delete(key(owner));
    },
  };
}

const tx = {} as Queryable;

describe('core.owners (issue 24 §5)', () => {
  it.each(INSIGHTS_OWNER_KINDS)('deleting a %s owner cleans what every registered plugin keeps for it, and nothing of other owners', async (kind) => {
    const registry = createOwnerRegistry();
    const tabs = keeper('tabs');
    const notes = keeper('notes');
    registry.register(tabs);
    registry.register(notes);
    for (const k of INSIGHTS_OWNER_KINDS) {
      for (const id of [1, 2]) {
        tabs.rows.set(`${k}:${id}:7`, ['dmx-0001']);
        notes.rows.set(`${k}:${id}:7`, ['dmx-0002']);
      }
    }
    await registry.deleteOwner(tx, { kind, id: 1, productId: 7 });
    for (const keeperRows of [tabs.rows, notes.rows]) {
      expect(keeperRows.has(`${kind}:1:7`)).toBe(false);
      expect([...keeperRows.keys()].sort()).toEqual(
        INSIGHTS_OWNER_KINDS.flatMap((k) => [1, 2].map((id) => `${k}:${id}:7`))
          .filter((k) => k !== `${kind}:1:7`)
          .sort(),
      );
    }
  });

  it('asks every plugin for invalid parts and removes them from each', async () => {
    const registry = createOwnerRegistry();
    const tabs = keeper('tabs');
    const notes = keeper('notes');
    registry.register(tabs);
    registry.register(notes);
    const owner: OwnerRef = { kind: 'audiences', id: 3, productId: 7 };
    tabs.rows.set('audiences:3:7', ['gone-1', 'ok']);
    notes.rows.set('audiences:3:7', ['gone-1', 'gone-2']);
    const unknown = (ids: string[]) => ids.filter((x) => x.startsWith('gone'));
    expect(await registry.invalid(tx, owner, unknown)).toEqual({ identifiers: ['gone-1', 'gone-2'], tabs: ['tabs tab', 'notes tab'], widgets: [] });
    await registry.removeInvalid(tx, owner, ['gone-1', 'gone-2']);
    expect([tabs.rows.get('audiences:3:7'), notes.rows.get('audiences:3:7')]).toEqual([['ok'], []]);
  });
});
