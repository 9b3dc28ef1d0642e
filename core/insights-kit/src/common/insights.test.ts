import { levelForHostTab, visibleHostTabs, visibleLevels } from './insights';

describe('the Insights panel contract', () => {
  it('GROW-014 / JRN-008 Total Population shows Market Level; Matched and Modeled show Person Level', () => {
    expect(levelForHostTab('total')).toBe('market');
    expect(levelForHostTab('matched')).toBe('person');
    expect(levelForHostTab('modeled')).toBe('person');
  });

  it('OUT-012 / SRV-059 a level hidden by the tabs config is not offered; an entry not listed is visible', () => {
    expect(visibleLevels([])).toEqual(['market', 'person']);
    expect(visibleLevels([{ name: 'Market Level', visible: false }])).toEqual(['person']);
    expect(
      visibleLevels([
        { name: 'Person Level', visible: false },
        { name: 'Market Level', visible: true },
      ]),
    ).toEqual(['market']);
    expect(
      visibleLevels([
        { name: 'Person Level', visible: false },
        { name: 'Market Level', visible: false },
      ]),
    ).toEqual([]);
  });

  it("OUT-012 / JRN-008 'Person Level' hidden hides Matched and Modeled; 'Market Level' hidden hides Total Population", () => {
    expect(visibleHostTabs([{ name: 'Person Level', visible: false }])).toEqual(['total']);
    expect(visibleHostTabs([{ name: 'Market Level', visible: false }])).toEqual(['matched', 'modeled']);
    expect(visibleHostTabs([])).toEqual(['total', 'matched', 'modeled']);
  });
});
