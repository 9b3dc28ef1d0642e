/**
 * Cron-like schedules for the job service, in UTC: the five standard fields (minute hour
 * day-of-month month day-of-week) with `*`, numbers, `a-b`, lists and `/step`, or one of the
 * named periods. Only what a schedule needs is computed: the latest firing time at or before a
 * moment (the period a scheduled job belongs to).
 */

export type SchedulePeriod = 'minute' | 'hour' | 'day' | 'week' | 'month';

const PERIODS: Record<SchedulePeriod, string> = {
  minute: '* * * * *',
  hour: '0 * * * *',
  day: '0 0 * * *',
  // ISO weeks start on Monday
  week: '0 0 * * 1',
  month: '0 0 1 * *',
};

export interface Cron {
  spec: string;
  minutes: number[];
  hours: number[];
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Cron's rule: when both day fields are restricted, a day matching either fires. */
  dayOr: boolean;
}

const FIELDS: [name: string, min: number, max: number][] = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['day of month', 1, 31],
  ['month', 1, 12],
  ['day of week', 0, 7],
];

function parseField(text: string, [name, min, max]: (typeof FIELDS)[number], spec: string): number[] {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`schedule '${spec}': cannot read the ${name} field '${text}'`);
    const lo = m[1] === '*' ? min : Number(m[2]);
    const hi = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : lo;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (lo < min || hi > max || lo > hi || step < 1) throw new Error(`schedule '${spec}': the ${name} field '${text}' is outside ${min}-${max}`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return [...out];
}

/** A named period or a five-field cron spec; throws naming the field it cannot read. */
export function parseCron(every: SchedulePeriod | string): Cron {
  const spec = PERIODS[every as SchedulePeriod] ?? every;
  const parts = spec.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`schedule '${every}': give a period (${Object.keys(PERIODS).join(', ')}) or five cron fields`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i], spec));
  return {
    spec,
    minutes: minutes.sort((a, b) => b - a),
    hours: hours.sort((a, b) => b - a),
    days: new Set(days),
    months: new Set(months),
    weekdays: new Set(weekdays.map((d) => d % 7)),
    dayOr: parts[2] !== '*' && parts[4] !== '*',
  };
}

function dayMatches(c: Cron, d: Date): boolean {
  if (!c.months.has(d.getUTCMonth() + 1)) return false;
  const dom = c.days.has(d.getUTCDate());
  const dow = c.weekdays.has(d.getUTCDay());
  return c.dayOr ? dom || dow : dom && dow;
}

/** The latest time at or before `now` (whole minutes, UTC) at which the schedule fires. */
export function previousFire(c: Cron, now: Date): Date {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const d0 = now.getUTCDate();
  // Eight years reach every Feb 29 a day-of-week rule can ask for.
  for (let back = 0; back < 366 * 8; back++) {
    const day = new Date(Date.UTC(y, mo, d0 - back));
    if (!dayMatches(c, day)) continue;
    for (const h of c.hours) {
      if (back === 0 && h > now.getUTCHours()) continue;
      for (const m of c.minutes) {
        if (back === 0 && h === now.getUTCHours() && m > now.getUTCMinutes()) continue;
        return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m));
      }
    }
  }
  throw new Error(`schedule '${c.spec}' never fires`);
}
