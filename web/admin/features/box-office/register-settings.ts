import { DESK_REGISTER_NAME } from '../../../../contract/admin/desk-register-rules.ts';

/**
 * Which register this desk is, and how its receipts are printed: a setting of this browser, since
 * the register is plugged into this computer and its driver listens on this computer's loopback
 * (the back office cannot know which PC a page runs on). Stored in localStorage.
 */
export type RegisterSettings = {
  /** The desk's name: its shifts and receipt tasks are kept under it. */
  name: string;
  /** driver: through the register's driver service at `url` (empty: the demo's register, if the server has one); elsewhere: the cashier confirms each receipt. */
  mode: 'driver' | 'elsewhere';
  url: string;
};

const KEY = 'desk-register';
export const DEFAULT_REGISTER: RegisterSettings = { name: 'desk-1', mode: 'driver', url: '' };

export function loadRegisterSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): RegisterSettings {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return DEFAULT_REGISTER;
    const parsed = JSON.parse(raw) as Partial<RegisterSettings>;
    return {
      name: typeof parsed.name === 'string' && DESK_REGISTER_NAME.test(parsed.name) ? parsed.name : DEFAULT_REGISTER.name,
      mode: parsed.mode === 'elsewhere' ? 'elsewhere' : 'driver',
      url: typeof parsed.url === 'string' ? parsed.url : '',
    };
  } catch {
    return DEFAULT_REGISTER;
  }
}

export function saveRegisterSettings(
  settings: RegisterSettings,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  storage?.setItem(KEY, JSON.stringify(settings));
}

/** The driver's base address the page relays to, or null when receipts wait (none set up, or printed elsewhere). */
export function driverBase(settings: RegisterSettings, demoDriver: string | null, origin: string): string | null {
  if (settings.mode === 'elsewhere') return null;
  if (settings.url.trim()) return settings.url.trim();
  return demoDriver ? new URL(demoDriver, origin).toString() : null;
}
