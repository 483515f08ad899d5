/**
 * Rules of the back office's halls pages that the server and the page share. Zod-free: the
 * page's first load imports it.
 */

/** Why staff take a seat off sale for a session: a guest's seat, or a seat not to be sold (camera, console, broken). */
export const SEAT_BLOCK_REASONS = ['guest', 'technical'] as const;
export type SeatBlockReason = (typeof SEAT_BLOCK_REASONS)[number];

export const HALL_LIMITS = {
  /** Seats one block or unblock call takes: a whole balcony of a large hall at once. */
  seatsPerCall: 5000,
  noteMax: 200,
  /** A pasted or uploaded hall: a 25 000-seat plan written seat by seat stays below this. */
  sourceMaxChars: 8_000_000,
  /**
   * The hall calls' request body, in bytes: the text above sent as JSON (UTF-8, quotes escaped)
   * with room for two bytes a character, far above the app's 256 kB for every other call.
   */
  sourceBodyMaxBytes: 2 * 8_000_000 + 64 * 1024,
} as const;

/** A seat's state for a session, one letter per seat in the map answer's `states`. */
export const SEAT_STATE_LETTERS = { free: 'f', held: 'h', sold: 's', blocked: 'b' } as const;
export type SeatState = keyof typeof SEAT_STATE_LETTERS;

const STATE_OF_LETTER: Record<string, SeatState> = { f: 'free', h: 'held', s: 'sold', b: 'blocked' };

/** The state a letter of `states` stands for. */
export function seatStateOf(letter: string | undefined): SeatState {
  return STATE_OF_LETTER[letter ?? 'f'] ?? 'free';
}

/** Seats a refusal names before it says how many more there are. */
export const SEATS_NAMED_MAX = 10;
