import { createTestContainer, FakeServer, renderWith } from '@discovery/test-utils';
import { act, fireEvent, screen } from '@testing-library/react';
import { InvalidAudiencesDialog } from './InvalidAudiencesDialog';

describe('InvalidAudiencesDialog', () => {
  beforeEach(() => {
    new FakeServer().install();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('OVL-053 / OVL-055 / GROW-079 shows the message; a destructive button ignores clicks for 5000 ms, the others do not', async () => {
    const boot = await createTestContainer();
    const calls: string[] = [];
    renderWith(
      <InvalidAudiencesDialog
        isOpen
        title="Invalid Audience(s)"
        message="Chart 1 or an associated custom widget contains Audience(s) with segments no longer available from the provider."
        actions={[
          { key: 'delete', text: 'Delete Chart', throttled: true, onClick: () => void calls.push('delete') },
          { key: 'edit', text: 'Edit Chart', onClick: () => void calls.push('edit') },
        ]}
      />,
      { boot },
    );
    expect(screen.getByText(/^Chart 1 or an associated custom widget/)).toBeTruthy();
    const del = screen.getByRole('button', { name: 'Delete Chart' });
    fireEvent.click(del);
    fireEvent.click(del);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Chart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Chart' }));
    expect(calls).toEqual(['delete', 'edit', 'edit']);
    act(() => jest.advanceTimersByTime(4999));
    expect((screen.getByRole('button', { name: 'Delete Chart' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Chart' }));
    expect(calls).toEqual(['delete', 'edit', 'edit', 'delete']);
  });
});
