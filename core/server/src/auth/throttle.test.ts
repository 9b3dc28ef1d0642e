import { LoginThrottle } from './throttle';

describe('LoginThrottle', () => {
  it('blocks a key at its limit and says how long until it takes an attempt again', () => {
    let now = 1_000_000;
    const t = new LoginThrottle(3, 60_000, () => now);
    t.fail(['k']);
    now += 10_000;
    t.fail(['k']);
    expect(t.blocked(['k'])).toBe(false);
    expect(t.retryAfterSeconds(['k'])).toBe(0);
    now += 10_000;
    t.fail(['k']);
    expect(t.blocked(['k'])).toBe(true);
    expect(t.blocked(['other'])).toBe(false);
    // the first failure leaves the window 60 s after it was made, 40 s from now
    expect(t.retryAfterSeconds(['other', 'k'])).toBe(40);
    now += 40_000;
    expect(t.blocked(['k'])).toBe(false);
  });

  it('forgets a key on reset', () => {
    const t = new LoginThrottle(1, 60_000);
    t.fail(['a', 'b']);
    t.reset('a');
    expect(t.blocked(['a'])).toBe(false);
    expect(t.blocked(['b'])).toBe(true);
  });
});
