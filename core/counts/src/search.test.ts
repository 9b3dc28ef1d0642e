import { searchSegments, searchWords } from './search';
import { buildTaxonomy, displayPath } from './taxonomy';

/** The taxonomy as a manifest lists it (path with the vendor's display name, keywords). */
const segments = buildTaxonomy(42).map((d) => ({ short_id: d.short_id, name: d.name, path: displayPath(d), deleted: d.deleted, keywords: d.keywords }));
const names = (q: string) => searchSegments(segments, q).map((s) => s.name);

describe('the segment search (issue 27: the picker finds segments by name and by path)', () => {
  it('splits at spaces and path separators, lower case, plurals folded', () => {
    expect(searchWords('Beverages > Soft drinks')).toEqual(['beverage', 'soft', 'drink']);
    expect(searchWords('  ShopperLens/Retail,  Fitness ')).toEqual(['shopperlen', 'retail', 'fitness']);
    expect(searchWords('Glass')).toEqual(['glass']);
    expect(searchWords('')).toEqual([]);
  });

  it("finds a cola brand's segments by name, the name's hits first", () => {
    const cola = names('cola');
    expect(cola[0]).toBe('Cola buyers');
    expect(cola.slice(0, 6)).toEqual([
      'Cola buyers',
      'Diet cola buyers',
      'Fizz Cola buyers',
      'Royal Cola buyers',
      'Aware of Fizz Cola',
      'Considering Fizz Cola',
    ]);
    expect(names('colas')).toEqual(cola);
    // 'Fizz Cola' is also the name of the brand's funnel category: its stages, then its buyers.
    expect(names('Fizz Cola')).toEqual([
      'Aware of Fizz Cola',
      'Considering Fizz Cola',
      'Prefer Fizz Cola',
      'Bought Fizz Cola',
      'Loyal to Fizz Cola',
      'Fizz Cola buyers',
    ]);
  });

  it("finds by keyword: 'soda' is soft drinks too", () => {
    expect(names('soda')).toEqual(expect.arrayContaining(['Soda buyers', 'Sparkle Soda buyers', 'Soft drink buyers', 'Soft drinks']));
    expect(names('soda').slice(0, 2)).toEqual(['Soda buyers', 'Sparkle Soda buyers']);
  });

  it("finds by path, with or without the vendor and the '>' between", () => {
    const softDrinks = [
      'Soft drink buyers',
      'Cola buyers',
      'Diet cola buyers',
      'Soda buyers',
      'Diet drink buyers',
      'Energy drink buyers',
      'Sports drink buyers',
    ];
    // The category the query names first: ShopperLens' soft drinks, then IntentSignal's 'Soft drinks' under Beverages.
    expect(names('Beverages > Soft drinks')).toEqual([...softDrinks, 'Soft drinks']);
    expect(names('ShopperLens > Beverages > Soft drinks')).toEqual(softDrinks);
    expect(names('Demographics > Age')).toEqual(['18-24', '25-34', '35-44', '45-54', '55-64', '65+']);
    expect(names('age 18')).toEqual(['18-24']);
    // Words begin words: 'bev' is Beverages, 'age' is not (nor is 'ink' drinks).
    expect(names('bev > soft')).toEqual(expect.arrayContaining(softDrinks));
    expect(names('ink')).toEqual([]);
    expect(names('sl-000')).toHaveLength(9);
  });

  it('never finds a deleted segment, and nothing for no words', () => {
    const deleted = segments.find((s) => s.deleted)!;
    expect(names(deleted.name)).not.toContain(deleted.name);
    expect(names('  > ')).toEqual([]);
  });
});
