import { type CatalogFile, catalogFile, writtenAtMidnight } from '../../contract/catalog-file.ts';
import { storedSetup } from '../../contract/setup.ts';
import type { Db, Queryable } from '../db/client.ts';
import { findStoredSetup, saveSetup } from '../setup/setup.repository.ts';
import { mergeSetup, resolveSetup } from '../setup/setup.service.ts';
import { loadExistingCatalog } from './catalog-snapshot.repository.ts';
import {
  type CatalogIssue,
  CatalogImportError,
  IssueList,
  describeEntry,
  formatIssue,
  formatPath,
  issuesFromZod,
} from './catalog-issues.ts';
import { type ExistingCatalog, type PreparedCatalog, checkCatalog, knownIds, sessionCapacity } from './check-catalog.ts';
import {
  type SessionRecord,
  bumpCatalogVersion,
  bumpHallRevisions,
  lockCatalogImport,
  releaseBlocksLeftOut,
  removeHallChildren,
  syncStock,
  writeCheckboxesAndRules,
  writeEvents,
  writeHalls,
  writeMenus,
} from './catalog-write.repository.ts';
import { type SeatRecord, expandHallSeats } from './expand-seats.ts';

export { CatalogImportError } from './catalog-issues.ts';

export type ImportOptions = {
  /** Check and write everything, then roll back: answers what an import would do. */
  dryRun?: boolean;
};

export type ImportSummary = {
  /** Entries of each kind the file holds (seats expanded), all inserted or updated. */
  counts: Record<
    | 'kinds'
    | 'mainMenus'
    | 'subMenus'
    | 'venues'
    | 'tags'
    | 'halls'
    | 'zones'
    | 'sectors'
    | 'seats'
    | 'standingAreas'
    | 'events'
    | 'categories'
    | 'sessions'
    | 'prices'
    | 'subscriptionItems'
    | 'checkboxes'
    | 'rules',
    number
  >;
  /** Children of the file's halls and events that the file no longer lists, now deleted. */
  removed: Record<'prices' | 'categories' | 'sessions' | 'seats' | 'standingAreas' | 'sectors' | 'zones', number>;
  setupUpdated: boolean;
  catalogVersion: number;
  dryRun: boolean;
};

class DryRunRollback extends Error {
  readonly summary: ImportSummary;
  constructor(summary: ImportSummary) {
    super('dry run');
    this.summary = summary;
  }
}

/**
 * Checks the shape of the file and expands its seats. Shape errors stop here, since the rules
 * across entries need well-formed entries; seat problems travel on to be reported with those.
 */
function parseFile(raw: unknown): { prepared: PreparedCatalog; seatIssues: CatalogIssue[] } {
  const parsed = catalogFile.safeParse(raw);
  if (!parsed.success) {
    const issues = issuesFromZod(parsed.error, raw);
    throw new CatalogImportError(issues.map(formatIssue), issues);
  }
  const file = parsed.data;
  const issues = new IssueList();
  const seats = new Map<number, SeatRecord[]>();
  file.halls.forEach((hall, h) => seats.set(hall.id, expandHallSeats(hall, issues.entry(describeEntry('halls', h, hall)))));
  return { prepared: { file, seats }, seatIssues: issues.items };
}

function resolveSessions(prepared: PreparedCatalog, existing: ExistingCatalog): SessionRecord[] {
  const known = knownIds(prepared, existing);
  return prepared.file.events.flatMap((event) =>
    event.sessions.map((s) => ({
      id: s.id,
      event_id: event.id,
      starts_at: s.startsAt,
      has_time: s.hasTime ?? !writtenAtMidnight(s.startsAt),
      // checkCatalog has refused a session whose capacity cannot be resolved.
      capacity: sessionCapacity(event, s.capacity, known) ?? 0,
      sold_outside: s.soldOutside,
      group_capacity: s.groupCapacity,
      is_cancelled: s.isCancelled,
    })),
  );
}

/** The file's setup merged over the stored one must still be a valid setup; answers what to store. */
async function checkSetup(tx: Queryable, partial: CatalogFile['setup']): Promise<{ issues: CatalogIssue[]; toStore?: unknown }> {
  if (partial === undefined) return { issues: [] };
  let base: unknown;
  try {
    base = await resolveSetup(tx, undefined);
  } catch (error) {
    return { issues: [{ entry: '', field: 'setup', message: `the stored setup is invalid: ${(error as Error).message}` }] };
  }
  const merged = storedSetup.safeParse(mergeSetup(base, partial));
  if (!merged.success) {
    return {
      issues: merged.error.issues.map((i) => ({
        entry: '',
        field: formatPath(['setup', ...i.path.filter((p) => typeof p !== 'symbol')]),
        message: i.message,
      })),
    };
  }
  return { issues: [], toStore: mergeSetup((await findStoredSetup(tx)) ?? {}, partial) };
}

function countEntries({ file, seats }: PreparedCatalog): ImportSummary['counts'] {
  const sum = <T>(list: T[], n: (item: T) => number) => list.reduce((total, item) => total + n(item), 0);
  return {
    kinds: file.kinds.length,
    mainMenus: file.mainMenus.length,
    subMenus: file.subMenus.length,
    venues: file.venues.length,
    tags: file.tags.length,
    halls: file.halls.length,
    zones: file.zones.length + sum(file.halls, (h) => h.zones.length),
    sectors: sum(file.halls, (h) => h.sectors.length),
    seats: sum([...seats.values()], (list) => list.length),
    standingAreas: sum(file.halls, (h) => h.standingAreas.length),
    events: file.events.length,
    categories: sum(file.events, (e) => e.categories.length),
    sessions: sum(file.events, (e) => e.sessions.length),
    prices: sum(file.events, (e) => e.prices.length),
    subscriptionItems: sum(file.events, (e) => e.subscriptionItems.length),
    checkboxes: file.checkboxes.length,
    rules: file.rules.length,
  };
}

async function writeCatalog(tx: Queryable, prepared: PreparedCatalog, sessions: SessionRecord[]) {
  const { file, seats } = prepared;
  await releaseBlocksLeftOut(tx, file, seats);
  await writeMenus(tx, file);
  await writeHalls(tx, file, seats);
  const eventRemovals = await writeEvents(tx, file.events, sessions);
  const hallRemovals = await removeHallChildren(tx, file, seats);
  await syncStock(
    tx,
    file.events.map((e) => e.id),
    file.halls.map((h) => h.id),
  );
  await writeCheckboxesAndRules(tx, file);
  return { removed: { ...eventRemovals, ...hallRemovals }, catalogVersion: await bumpCatalogVersion(tx) };
}

/**
 * Imports a venue catalog file: validates all of it (shape, references, stock already sold)
 * and, only if nothing is wrong, upserts every entry by id in one transaction. Throws a
 * CatalogImportError listing every problem, in which case nothing was written.
 */
export async function importCatalog(db: Db, file: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  const { prepared, seatIssues } = parseFile(file);
  try {
    return await db.transaction(async (tx) => {
      await lockCatalogImport(tx);
      const summary = await applyCatalog(tx, prepared, seatIssues, options.dryRun === true);
      if (options.dryRun) throw new DryRunRollback(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    throw error;
  }
}

/** Waits for any other catalog import to end; held until the caller's transaction ends. */
export const lockCatalog = lockCatalogImport;

/**
 * importCatalog inside the caller's transaction, which must hold lockCatalog: the back office's
 * editors check a revision, import one entry and write its audit entry as one change.
 */
export async function importCatalogIn(tx: Queryable, file: unknown): Promise<ImportSummary> {
  const { prepared, seatIssues } = parseFile(file);
  return applyCatalog(tx, prepared, seatIssues, false);
}

async function applyCatalog(tx: Queryable, prepared: PreparedCatalog, seatIssues: CatalogIssue[], dryRun: boolean): Promise<ImportSummary> {
  // Taken again (a transaction's advisory locks stack): a caller that forgot lockCatalog is still safe.
  await lockCatalog(tx);
  const existing = await loadExistingCatalog(tx, prepared);
  const setup = await checkSetup(tx, prepared.file.setup);
  const issues = [...seatIssues, ...checkCatalog(prepared, existing), ...setup.issues];
  if (issues.length > 0) throw new CatalogImportError(issues.map(formatIssue), issues);
  const written = await writeCatalog(tx, prepared, resolveSessions(prepared, existing));
  await bumpHallRevisions(
    tx,
    prepared.file.halls.map((h) => h.id).filter((id) => existing.halls.has(id)),
  );
  if (setup.toStore !== undefined) await saveSetup(tx, setup.toStore);
  return { counts: countEntries(prepared), ...written, setupUpdated: setup.toStore !== undefined, dryRun };
}
