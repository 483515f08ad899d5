/**
 * Rules of the desk's cash register shared by the server and the cashier's page. Zod-free.
 */

/** A desk's name: letters, digits, dash or underscore, 1 to 40 (it names the register's tasks and shifts). */
export const DESK_REGISTER_NAME = /^[\p{L}\p{N}_-]{1,40}$/u;

/** How often and how long the page polls the driver for a task's result. */
export const DESK_DRIVER_POLL = { intervalMs: 400, attempts: 25 } as const;

/** Done tasks the register's panel still lists after the open ones. */
export const DESK_DONE_SHOWN = 5;

/**
 * What a correction receipt's grounds must hold (54-FZ tags 1173, 1178, 1179): the number of the
 * grounds for an instruction of the tax authority, and under FFD 1.05 for any correction (there
 * tag 1179 is required); a real day, not after the venue's today. Answers each field's issue.
 */
export function correctionIssues(
  c: { type: 'self' | 'instruction'; baseDate: string; baseNumber: string },
  ffd: '1.05' | '1.2',
  today: string,
): { path: 'baseDate' | 'baseNumber'; code: string }[] {
  const issues: { path: 'baseDate' | 'baseNumber'; code: string }[] = [];
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(c.baseDate);
  const real = day && new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).toISOString().slice(0, 10) === c.baseDate;
  if (!real) issues.push({ path: 'baseDate', code: 'not-valid-date' });
  else if (c.baseDate > today) issues.push({ path: 'baseDate', code: 'future-date' });
  if (c.baseNumber.trim() === '' && (c.type === 'instruction' || ffd === '1.05')) issues.push({ path: 'baseNumber', code: 'required' });
  return issues;
}
