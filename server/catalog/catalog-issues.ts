import type { z } from 'zod';

export type PathSegment = string | number;

/**
 * Problems a back office form explains in the member's own language; every other problem is
 * told in the import's words. below-sold: a capacity or limit under what is sold or held
 * (params.taken; with params.blocked, seats staff blocked count in taken); in-use: a session, price or category left out that orders use (params.what, id);
 * sold-subscription-item: events taken out of a subscription orders hold (params.ids, comma-separated);
 * visit-time: a subscription item's time that is not a session of its event (params.eventId);
 * in-subscription: an event made a subscription while another subscription holds it (params.id, name as JSON);
 * subscription-price: a subscription's price on an event that is not one; empty-composition: a subscription without events;
 * composition-not-subscription: events in the composition of an event that is not a subscription;
 * unknown-subscription-item, subscription-in-subscription, subscription-item-twice: an item naming no event, a
 * subscription, or an event an earlier item names (params.id: the event id);
 * hash-taken: the event's address (hash) is another event's (params.id: that event's id).
 */
export type IssueCode =
  | 'below-sold'
  | 'in-use'
  | 'sold-subscription-item'
  | 'visit-time'
  | 'in-subscription'
  | 'subscription-price'
  | 'empty-composition'
  | 'composition-not-subscription'
  | 'unknown-subscription-item'
  | 'subscription-in-subscription'
  | 'subscription-item-twice'
  | 'hash-taken';
export type IssueParams = Record<string, string | number>;

/** One problem of a catalog file, named by its top-level entry and the field inside it. */
export type CatalogIssue = { entry: string; field: string; message: string; code?: IssueCode; params?: IssueParams };

/** What a check reports: the import's text, with a code where a form gives its own. */
export type IssueMessage = string | { text: string; code: IssueCode; params: IssueParams };

/** Thrown by importCatalog when the file is refused; nothing was imported. */
export class CatalogImportError extends Error {
  readonly errors: string[];
  /** The same problems unformatted, for a form to put on its fields (empty for a file that is not JSON). */
  readonly issues: CatalogIssue[];
  constructor(errors: string[], issues: CatalogIssue[] = []) {
    super(
      `The catalog file was not imported (${errors.length} error${errors.length === 1 ? '' : 's'}):\n${errors.map((e) => `  ${e}`).join('\n')}`,
    );
    this.name = 'CatalogImportError';
    this.errors = errors;
    this.issues = issues;
  }
}

export function formatIssue(issue: CatalogIssue): string {
  const where = [issue.entry, issue.field].filter((part) => part !== '').join(': ');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

/** 'prices', 0, 'categoryId' -> 'prices[0].categoryId' */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Names an entry the way a person finds it in the file: its position and, when present, the
 * keys they search for (id, hash, slug), e.g. `events[2] (id 12, hash "x1")`.
 */
export function describeEntry(collection: string, index: number, entry: unknown): string {
  const keys: string[] = [];
  if (isRecord(entry)) {
    if (typeof entry.id === 'number' || typeof entry.id === 'string') keys.push(`id ${String(entry.id)}`);
    if (typeof entry.hash === 'string') keys.push(`hash ${JSON.stringify(entry.hash)}`);
    if (typeof entry.slug === 'string') keys.push(`slug ${JSON.stringify(entry.slug)}`);
  }
  return `${collection}[${index}]${keys.length > 0 ? ` (${keys.join(', ')})` : ''}`;
}

/** Turns zod's issues into catalog issues, naming the top-level entry from the raw file. */
export function issuesFromZod(error: z.ZodError, raw: unknown): CatalogIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.filter((p): p is PathSegment => typeof p !== 'symbol');
    const [collection, index, ...rest] = path;
    if (typeof collection === 'string' && typeof index === 'number' && isRecord(raw)) {
      const list = raw[collection];
      const entry = Array.isArray(list) ? (list as unknown[])[index] : undefined;
      return { entry: describeEntry(collection, index, entry), field: formatPath(rest), message: issue.message };
    }
    return { entry: '', field: formatPath(path), message: issue.message };
  });
}

/** Collects issues against one entry, so checks read as `at('prices', 0, 'categoryId')`. */
export class IssueList {
  readonly items: CatalogIssue[] = [];
  entry(name: string) {
    return (message: IssueMessage, ...field: PathSegment[]) => {
      if (typeof message === 'string') this.items.push({ entry: name, field: formatPath(field), message });
      else this.items.push({ entry: name, field: formatPath(field), message: message.text, code: message.code, params: message.params });
    };
  }
  add(issue: CatalogIssue) {
    this.items.push(issue);
  }
}
