import type { OfflineScan } from '../../contract/checkin-rules.ts';

/**
 * What this device keeps: its own id, the sessions it admits (localStorage), and the scans made
 * offline (IndexedDB, so they survive the page being closed or the phone restarting before the
 * network is back).
 */

const DEVICE_KEY = 'checkin-device-id';
const SESSIONS_KEY = 'checkin-sessions';

const randomId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

/** This device's id, drawn once and kept: the server keys offline scans and conflicts by it. */
export function deviceId(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
    const fresh = randomId();
    localStorage.setItem(DEVICE_KEY, fresh);
    return fresh;
  } catch {
    return randomId();
  }
}

export const newScanId = randomId;

export function storedSessions(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SESSIONS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

export function rememberSessions(ids: readonly number[]) {
  try {
    localStorage.setItem(SESSIONS_KEY, JSON.stringify(ids));
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

const DB_NAME = 'checkin';
const STORE = 'pending-scans';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'scanId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error ?? new Error('indexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('indexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Keeps a scan made offline until the server has it. */
export async function keepScan(scan: OfflineScan): Promise<void> {
  await withStore('readwrite', (store) => store.put(scan));
}

/** The scans kept, in the order they were made. */
export async function keptScans(): Promise<OfflineScan[]> {
  const all = ((await withStore('readonly', (store) => store.getAll() as IDBRequest<OfflineScan[]>)) ?? []) as OfflineScan[];
  return all.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.scanId.localeCompare(b.scanId));
}

/** Forgets scans the server has answered. */
export async function forgetScans(scanIds: readonly string[]): Promise<void> {
  await withStore('readwrite', (store) => {
    for (const id of scanIds) store.delete(id);
    return undefined;
  });
}
