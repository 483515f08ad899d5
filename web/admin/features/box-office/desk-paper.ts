import { PAPER_SIZES, type PaperSize } from '../../../../contract/admin/desk-tickets-rules.ts';

const KEY = 'desk-paper';

/** The paper this desk prints on, as chosen last on this computer (a desk is one PC and its printer); an 80 mm roll by default. */
export function storedPaper(): PaperSize {
  try {
    const value = localStorage.getItem(KEY);
    return (PAPER_SIZES as readonly string[]).includes(value ?? '') ? (value as PaperSize) : 'roll80';
  } catch {
    return 'roll80';
  }
}

export function rememberPaper(paper: PaperSize) {
  try {
    localStorage.setItem(KEY, paper);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** The print's page rule: the roll is 80 mm wide and as long as the ticket; A4 has its margins. */
export const PAGE_RULES: Record<PaperSize, string> = {
  roll80: '@page { size: 80mm auto; margin: 3mm; }',
  a4: '@page { size: A4; margin: 15mm; }',
};
