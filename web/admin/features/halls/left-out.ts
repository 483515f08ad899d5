import type { TFunction } from 'i18next';
import { HALL_LEFT_OUT_KINDS, type HallLeftOutEntry } from '../../../../contract/admin/halls.ts';

const NAMES_SHOWN = 10;

/**
 * The preview's list of what an imported plan held that the hall does not keep, one sentence
 * per kind ("Не перенесено: 3 области (бар, стол 1, стол 2): …"), in the order of
 * HALL_LEFT_OUT_KINDS; a stage drawn as its box and each category get a sentence of their own.
 */
export function leftOutLines(t: TFunction<'admin-halls'>, entries: readonly HallLeftOutEntry[]): string[] {
  const shapeName = (entry: HallLeftOutEntry) => (entry.shape ? t(`import.shapes.${entry.shape}`) : t('import.leftOut.unknownShape'));
  const lines: string[] = [];
  for (const kind of HALL_LEFT_OUT_KINDS) {
    const of = entries.filter((e) => e.kind === kind);
    if (of.length === 0) continue;
    const count = of.reduce((sum, e) => sum + e.count, 0);
    const values = of.map((e) => e.value ?? '').join(', ');
    switch (kind) {
      case 'area':
        {
          // A plan of a hundred tables would make a paragraph: the first few are named, the rest counted.
          const names = of.slice(0, NAMES_SHOWN).map((e) => e.name ?? shapeName(e));
          if (of.length > NAMES_SHOWN) names.push(t('blocks.more', { count: of.length - NAMES_SHOWN }));
          lines.push(t('import.leftOut.area', { count, names: names.join(', ') }));
        }
        break;
      case 'stage-shape':
        for (const e of of) {
          const name = e.name ?? '';
          lines.push(
            e.value
              ? t('import.leftOut.stageTurned', { name, shape: shapeName(e), value: e.value })
              : t('import.leftOut.stageShape', { name, shape: shapeName(e) }),
          );
        }
        break;
      case 'category-color':
      case 'category-duplicate':
        for (const e of of) lines.push(t(`import.leftOut.${kind}`, { name: e.name ?? '', value: e.value ?? '' }));
        break;
      default:
        lines.push(t(`import.leftOut.${kind}`, { values, n: count }));
    }
  }
  return lines;
}
