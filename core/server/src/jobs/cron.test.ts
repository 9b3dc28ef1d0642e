import { parseCron, previousFire } from './cron';

const at = (iso: string) => new Date(iso);
const prev = (every: string, now: string) => previousFire(parseCron(every), at(now)).toISOString();

describe('schedules (cron-like, UTC)', () => {
  it('named periods start at the top of their period', () => {
    expect(prev('minute', '2026-11-26T10:17:42.500Z')).toBe('2026-11-26T10:17:00.000Z');
    expect(prev('hour', '2026-11-26T10:17:42Z')).toBe('2026-11-26T10:00:00.000Z');
    expect(prev('day', '2026-11-26T10:17:42Z')).toBe('2026-11-26T00:00:00.000Z');
    // 2026-11-26 is a Thursday; the week starts on Monday the 23rd
    expect(prev('week', '2026-11-26T10:17:42Z')).toBe('2026-11-23T00:00:00.000Z');
    expect(prev('month', '2026-11-26T10:17:42Z')).toBe('2026-11-01T00:00:00.000Z');
    expect(prev('month', '2026-12-01T00:00:00Z')).toBe('2026-12-01T00:00:00.000Z');
    expect(prev('month', '2027-01-01T00:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('five cron fields: lists, ranges, steps, and day-of-month OR day-of-week', () => {
    expect(prev('30 4 * * *', '2026-11-26T04:29:59Z')).toBe('2026-11-25T04:30:00.000Z');
    expect(prev('30 4 * * *', '2026-11-26T04:30:00Z')).toBe('2026-11-26T04:30:00.000Z');
    expect(prev('*/15 * * * *', '2026-11-26T10:44:00Z')).toBe('2026-11-26T10:30:00.000Z');
    expect(prev('0 9-17/4 * * 1-5', '2026-11-29T12:00:00Z')).toBe('2026-11-27T17:00:00.000Z');
    expect(prev('0 0 1,15 * *', '2026-11-14T23:59:00Z')).toBe('2026-11-01T00:00:00.000Z');
    // both day fields restricted: the 13th or any Friday (cron's rule)
    expect(prev('0 0 13 * 5', '2026-11-12T00:00:00Z')).toBe('2026-11-06T00:00:00.000Z');
    expect(prev('0 0 13 * 5', '2026-11-13T08:00:00Z')).toBe('2026-11-13T00:00:00.000Z');
    // 7 is Sunday as well as 0
    expect(prev('0 0 * * 7', '2026-11-26T00:00:00Z')).toBe('2026-11-22T00:00:00.000Z');
    expect(prev('0 0 29 2 *', '2026-11-26T00:00:00Z')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses specs it cannot read, naming the field', () => {
    expect(() => parseCron('fortnight')).toThrow(/give a period/);
    expect(() => parseCron('61 * * * *')).toThrow(/minute field '61'/);
    expect(() => parseCron('* * * 13 *')).toThrow(/month field/);
    expect(() => parseCron('* * * * mon')).toThrow(/day of week field 'mon'/);
    expect(() => previousFire(parseCron('0 0 31 2 *'), at('2026-11-26T00:00:00Z'))).toThrow(/never fires/);
  });
});
