import { createTestContainer, FakeServer, renderWith } from '@discovery/test-utils';
import { fireEvent, screen } from '@testing-library/react';
import { FilterBar } from './FilterBar';

describe('FilterBar', () => {
  beforeEach(() => {
    new FakeServer().install();
  });

  it("GROW-007 / OVL-013 each filter's remove button says which filter it removes, in the user's language (issue 27 §5)", async () => {
    const boot = await createTestContainer();
    const removed: string[] = [];
    renderWith(
      <FilterBar
        label="Filters"
        testId="bar"
        testIdPrefix="t"
        filters={[
          { short_id: 'dmx-0007', name: 'Female', group: 'Gender' },
          { short_id: 'dmx-0001', name: 'Age 18-24', group: 'Age' },
        ]}
        onAdd={() => undefined}
        onRemove={(id) => void removed.push(id)}
        onClear={() => undefined}
        pickerContext="overlap"
      />,
      { boot },
    );
    expect(screen.queryByRole('button', { name: 'Remove tag' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Female' }));
    expect(removed).toEqual(['dmx-0007']);
    expect(screen.getByTestId('t-filter-dmx-0001').textContent).toContain('Age 18-24');
  });
});
