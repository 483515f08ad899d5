/** One changed value of an audit entry: its path, what it was and what it became. */
export type DiffLine = { path: string; before: string | undefined; after: string | undefined };

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (value === undefined) return;
  out.set(prefix || '·', typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * Before and after of an entry as lines a person reads: nested values by their dotted path, a
 * value only on one side shown as added or removed, values alike on both sides left out.
 */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before ?? undefined, '', a);
  flatten(after ?? undefined, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.filter((path) => a.get(path) !== b.get(path)).map((path) => ({ path, before: a.get(path), after: b.get(path) }));
}
