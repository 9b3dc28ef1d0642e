import { INVALID_IDENTIFIERS_THROTTLE_MS, throttleFirst } from './InvalidIdentifiersDialog';

describe('throttleFirst', () => {
  it('GROW-079 ignores a second click within 5000 ms, takes one after', () => {
    let now = 1000;
    const calls: number[] = [];
    const click = throttleFirst(
      (n: number) => calls.push(n),
      INVALID_IDENTIFIERS_THROTTLE_MS,
      () => now,
    );
    click(1);
    now += 4999;
    click(2);
    now += 1;
    click(3);
    expect(INVALID_IDENTIFIERS_THROTTLE_MS).toBe(5000);
    expect(calls).toEqual([1, 3]);
  });
});
