/** One value an edit changed, at a dotted path of the form's values (`event.prices.0.amount`). */
export type ValueChange = { path: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
// A form holds an emptied field as '', the server sends it as null or leaves it out: all three are "empty".
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The values that differ between two versions of a form's values, leaf by leaf. A list whose
 * length changed is one change of the whole list: its rows moved, so row-by-row paths would pair
 * rows that are not the same.
 */
export function diffValues(before: unknown, after: unknown, path = ''): ValueChange[] {
  if (isEmpty(before) && isEmpty(after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return [{ path, before, after }];
    return before.flatMap((item, i) => diffValues(item, after[i], join(path, String(i))));
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffValues(before[key], after[key], join(path, key)));
  }
  return Object.is(before, after) ? [] : [{ path, before, after }];
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A copy of `target` with each change's `after` value set at its path (the paths' objects made as needed). */
export function applyChanges<T>(target: T, changes: readonly ValueChange[]): T {
  const copy = structuredClone(target) as unknown;
  let result = copy;
  for (const change of changes) {
    if (change.path === '') {
      result = structuredClone(change.after);
      continue;
    }
    const parts = change.path.split('.');
    let node = result as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      if (!isRecord(node[part]) && !Array.isArray(node[part])) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = structuredClone(change.after);
  }
  return result as T;
}

/** The paths two sets of changes both touch (a path, or one inside the other). */
export function overlapping(mine: readonly ValueChange[], theirs: readonly ValueChange[]): string[] {
  const within = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
  return mine.filter((m) => theirs.some((o) => within(m.path, o.path))).map((m) => m.path);
}
