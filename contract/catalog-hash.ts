/**
 * The hash of a new event, the /event/{hash} part of its address: made from its name the way the
 * demo's read ('night-at-the-museum'): the English name, else the Russian one in Latin letters,
 * lowercase words joined by dashes. Zod-free: the back office form shows it as it is typed.
 */
const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  ә: 'a',
  ғ: 'g',
  қ: 'q',
  ң: 'n',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  і: 'i',
};

export const EVENT_HASH_MAX = 48;

export function eventHashFrom(name: { ru?: string | undefined; en?: string | undefined }): string {
  const source = (name.en?.trim() ? name.en : (name.ru ?? '')).toLowerCase();
  const latin = [...source].map((c) => LATIN[c] ?? c).join('');
  const words = latin
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, EVENT_HASH_MAX).replace(/-+$/, '') || 'event';
}
