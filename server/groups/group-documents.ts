import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { BankDetails } from '../../contract/admin/groups.ts';
import type { ReceiptTax } from '../payments/receipt-model.ts';
import { sumInWords } from './sum-in-words.ts';
import { vatPhrase, wholeRoubles } from './vat.ts';

/**
 * A group's paper documents, in Russian as Russian accounting requires: the invoice (счёт на
 * оплату) with the venue's bank details, the contract offer (договор-оферта) it refers to, and the
 * act (акт) after the visit. Drawn by pdfkit with the embedded Noto Sans of the tickets PDF; pure:
 * the caller gathers the data.
 */

export type GroupDocumentData = {
  /** «2026-15». */
  number: string;
  /** The document's date, dd.mm.yyyy in the venue's zone. */
  date: string;
  supplier: BankDetails;
  buyer: { name: string; inn: string; kpp: string; address: string };
  leader: { name: string; phone: string; email: string };
  event: string;
  /** The session's day and time, dd.mm.yyyy HH:MM in the venue's zone. */
  session: string;
  lines: readonly { name: string; quantity: number; unitPrice: number }[];
  /** The order's total: the lines' sums add up to it (a document where they do not is not drawn). */
  total: number;
  /** The venue's VAT rate of tickets (its receipts' rate): «Без налога (НДС)» or the tax included. */
  tax: ReceiptTax;
  /** The payment deadline, dd.mm.yyyy HH:MM in the venue's zone. */
  payUntil: string;
};

const require = createRequire(import.meta.url);
let font: Buffer | undefined;
const mainFont = () => (font ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')));

/** Kopecks as roubles the way Russian invoices print them: «1 500,00» (a plain space between thousands). */
export function rubles(kopecks: number): string {
  return `${wholeRoubles(kopecks)},${String(kopecks % 100).padStart(2, '0')}`;
}

/**
 * The document's VAT line for its total, after checking that the lines add up to that total to the
 * kopeck (the tax is computed from the total, so a total the lines disagree with would print a
 * tax of something else).
 */
function taxLine(d: GroupDocumentData): string {
  const sum = d.lines.reduce((s, line) => s + line.unitPrice * line.quantity, 0);
  if (sum !== d.total) throw new Error(`document ${d.number}: its lines add up to ${sum}, its total is ${d.total}`);
  return vatPhrase(d.total, d.tax);
}

function newPdf(title: string): PDFKit.PDFDocument {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, lang: 'ru', info: { Title: title, Producer: 'storefront' } });
  pdf.registerFont('main', mainFont());
  pdf.font('main');
  return pdf;
}

function finish(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

const party = (p: { name: string; inn: string; kpp: string; address: string }) =>
  [p.name, `ИНН ${p.inn}`, p.kpp ? `КПП ${p.kpp}` : '', p.address].filter(Boolean).join(', ');

/** The table of what is sold: number, name, quantity, unit, price and sum, and the total. */
function linesTable(pdf: PDFKit.PDFDocument, d: GroupDocumentData) {
  const x = pdf.page.margins.left;
  const cols = [x, x + 25, x + 300, x + 345, x + 380, x + 440];
  const row = (cells: string[], size = 9) => {
    const y = pdf.y;
    pdf.fontSize(size);
    const heights = cells.map((cell, i) => pdf.heightOfString(cell, { width: (cols[i + 1] ?? x + 495) - (cols[i] ?? x) - 4 }));
    cells.forEach((cell, i) =>
      pdf.text(cell, cols[i] ?? x, y, { width: (cols[i + 1] ?? x + 495) - (cols[i] ?? x) - 4, align: i >= 2 ? 'right' : 'left' }),
    );
    pdf.x = x;
    pdf.y = y + Math.max(...heights) + 4;
  };
  row(['№', 'Наименование', 'Кол-во', 'Ед.', 'Цена', 'Сумма']);
  d.lines.forEach((line, i) =>
    row([String(i + 1), line.name, String(line.quantity), 'шт', rubles(line.unitPrice), rubles(line.unitPrice * line.quantity)]),
  );
  pdf.moveDown(0.5);
  pdf.fontSize(10).text(`Итого: ${rubles(d.total)} руб.`, { align: 'right' });
  pdf.text(taxLine(d), { align: 'right' });
  pdf.moveDown(0.5);
  pdf.text(`Всего наименований ${d.lines.length}, на сумму ${rubles(d.total)} руб.`);
  pdf.text(sumInWords(d.total));
}

/** The invoice (счёт на оплату): the venue's bank details, the buyer, the places, the total and the deadline. */
export async function renderInvoicePdf(d: GroupDocumentData): Promise<Buffer> {
  const s = d.supplier;
  const pdf = newPdf(`Счёт на оплату № ${d.number}`);
  pdf.fontSize(9);
  pdf.text(`Банк получателя: ${s.bankName}`);
  pdf.text(`БИК ${s.bik}`);
  if (s.correspondentAccount) pdf.text(`Корр. счёт № ${s.correspondentAccount}`);
  pdf.text(`Получатель: ${s.legalName}`);
  pdf.text(`ИНН ${s.inn}${s.kpp ? `  КПП ${s.kpp}` : ''}`);
  pdf.text(`Расчётный счёт № ${s.account}`);
  pdf.moveDown();
  pdf.fontSize(14).text(`Счёт на оплату № ${d.number} от ${d.date}`);
  pdf.moveDown(0.5);
  pdf.fontSize(10);
  pdf.text(`Поставщик: ${party({ name: s.legalName, inn: s.inn, kpp: s.kpp, address: s.address })}`);
  pdf.text(`Покупатель: ${party(d.buyer)}`);
  pdf.text(`Основание: договор-оферта № ${d.number}`);
  pdf.moveDown();
  linesTable(pdf, d);
  pdf.moveDown();
  pdf.text(`Оплатить до ${d.payUntil}. Неоплаченные места после этого срока снимаются с брони.`);
  pdf.text(`В назначении платежа укажите: «Оплата по счёту № ${d.number}. ${taxLine(d)}».`);
  pdf.moveDown();
  pdf.text(`Руководитель группы: ${d.leader.name}, ${d.leader.phone}, ${d.leader.email}`);
  return finish(pdf);
}

/** The contract offer (договор-оферта) the invoice refers to: paying the invoice accepts it. */
export async function renderOfferPdf(d: GroupDocumentData): Promise<Buffer> {
  const s = d.supplier;
  const pdf = newPdf(`Договор-оферта № ${d.number}`);
  pdf.fontSize(14).text(`Договор-оферта № ${d.number} от ${d.date}`, { align: 'center' });
  pdf.moveDown();
  pdf.fontSize(10);
  const para = (text: string) => {
    pdf.text(text, { align: 'justify' });
    pdf.moveDown(0.5);
  };
  para(
    `${s.legalName} (ИНН ${s.inn}), далее «Исполнитель», предлагает ${d.buyer.name} (ИНН ${d.buyer.inn}), далее «Заказчик», ` +
      'заключить договор на следующих условиях.',
  );
  para(
    `1. Предмет. Исполнитель обеспечивает посещение группой Заказчика мероприятия «${d.event}» ${d.session}; состав и цена указаны ниже.`,
  );
  const tax = taxLine(d);
  // «… коп.» already ends the sentence.
  para(`2. Цена. Стоимость услуг — ${rubles(d.total)} руб. ${tax}${tax.endsWith('.') ? '' : '.'}`);
  para(
    `3. Оплата. Заказчик оплачивает счёт № ${d.number} безналичным переводом до ${d.payUntil}. Оплата счёта означает ` +
      'полное и безоговорочное принятие (акцепт) настоящей оферты. Без оплаты в срок места снимаются с брони.',
  );
  para(`4. Руководитель группы со стороны Заказчика: ${d.leader.name}, ${d.leader.phone}, ${d.leader.email}.`);
  para('5. После посещения стороны подписывают акт об оказании услуг.');
  linesTable(pdf, d);
  pdf.moveDown();
  pdf.text(
    `Исполнитель: ${party({ name: s.legalName, inn: s.inn, kpp: s.kpp, address: s.address })}, р/с ${s.account} в ${s.bankName}, БИК ${s.bik}`,
  );
  return finish(pdf);
}

/** The act (акт) after the visit: the services rendered, their sum, the parties' signatures. */
export async function renderActPdf(d: GroupDocumentData): Promise<Buffer> {
  const s = d.supplier;
  const pdf = newPdf(`Акт № ${d.number}`);
  pdf.fontSize(14).text(`Акт № ${d.number} от ${d.date}`);
  pdf.moveDown(0.5);
  pdf.fontSize(10);
  pdf.text(`Исполнитель: ${party({ name: s.legalName, inn: s.inn, kpp: s.kpp, address: s.address })}`);
  pdf.text(`Заказчик: ${party(d.buyer)}`);
  pdf.text(`Основание: договор-оферта № ${d.number}, счёт на оплату № ${d.number}`);
  pdf.text(`Мероприятие: «${d.event}», ${d.session}`);
  pdf.moveDown();
  linesTable(pdf, d);
  pdf.moveDown();
  pdf.text('Вышеперечисленные услуги оказаны полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.');
  pdf.moveDown(2);
  pdf.text('Исполнитель ____________________        Заказчик ____________________');
  return finish(pdf);
}
