/**
 * T-Bank's Receipt object as its reference describes it (Internet Acquiring API, objects
 * Receipt_FFD_105, Receipt_FFD_12, Items_FFD_105, Items_FFD_12, Payments; the error-code table),
 * checked by the fake the way the real terminal refuses it: the first problem, with T-Bank's code.
 */

export type TbankItem = {
  Name: string;
  Price: number;
  Quantity: number;
  Amount: number;
  Tax: string;
  PaymentMethod?: string;
  PaymentObject?: string;
  MeasurementUnit?: string;
};
export type TbankReceipt = {
  FfdVersion?: string;
  Email?: string;
  Phone?: string;
  Taxation: string;
  Items: TbankItem[];
  Payments?: { Cash?: number; Electronic: number; AdvancePayment?: number; Credit?: number; Provision?: number };
};

const TAXATIONS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'];
/**
 * Items' Tax: reference 1.80 (September 2025) lists none, vat0, vat5, vat7, vat10, vat20, vat105,
 * vat107, vat110, vat120. The 22% rate of 2026 is vat22, its calculated rate vat122: T-Bank's
 * reference of 2026 could not be read, so these two come from clients written against it (a C#
 * client whose Receipt_FFD_12 / Receipt_FFD_105 items list them, a TypeScript and a Go client).
 * vat20 and vat120 are kept: no source says T-Bank refuses them.
 */
const TAXES = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22', 'vat105', 'vat107', 'vat110', 'vat120', 'vat122'];
const PAYMENT_METHODS = ['full_prepayment', 'prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment'];
const OBJECTS_105 = [
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'composite',
  'another',
];
const OBJECTS_12 = [
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'contribution',
  'property_rights',
  'unrealization',
  'tax_reduction',
  'trade_fee',
  'resort_tax',
  'pledge',
  'income_decrease',
  'another',
];
/** «Массив … (не более 100 позиций)». */
export const TBANK_ITEMS_MAX = 100;

export type TbankReceiptProblem = { code: string; message: string; details: string };
const problem = (code: string, message: string, details: string): TbankReceiptProblem => ({ code, message, details });
const isKopecks = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && String(v).length <= 10;

/**
 * The first reason a terminal whose register speaks `ffd` refuses this receipt for a charge of
 * `amount` kopecks, or null. `closing`: a closing receipt (its Payments name the prepayment).
 */
export function tbankReceiptProblem(receipt: unknown, amount: number, ffd: '1.05' | '1.2'): TbankReceiptProblem | null {
  if (typeof receipt !== 'object' || receipt === null || Array.isArray(receipt))
    return problem('309', 'Поле Receipt не должно быть пустым', 'Receipt');
  const r = receipt as Partial<TbankReceipt>;
  const version = r.FfdVersion ?? '1.05';
  if (version !== '1.05' && version !== '1.2')
    return problem('311', 'Ошибка регистрации чека в Receipt Service', `FfdVersion ${String(version)}`);
  if (version !== ffd)
    return problem(
      '311',
      'Ошибка регистрации чека в Receipt Service',
      `Указанная версия ФФД не соответствует режиму обработки документов ФФД ${ffd}`,
    );
  if (!r.Email && !r.Phone) return problem('329', 'email или Phone обязательны при передаче чека', 'Receipt.Email');
  for (const field of ['Email', 'Phone'] as const) {
    const value = r[field];
    if (value !== undefined && (typeof value !== 'string' || value.length > 64))
      return problem('9999', `Неверный параметр ${field}`, `Receipt.${field}: at most 64 characters`);
  }
  if (typeof r.Taxation !== 'string' || !TAXATIONS.includes(r.Taxation))
    return problem('9999', 'Неверный параметр Taxation', String(r.Taxation));
  if (!Array.isArray(r.Items) || r.Items.length === 0) return problem('309', 'Поле Receipt не должно быть пустым', 'Receipt.Items');
  if (r.Items.length > TBANK_ITEMS_MAX)
    return problem('9999', 'Неверный параметр Items', `не более ${TBANK_ITEMS_MAX} позиций, передано ${r.Items.length}`);
  let sum = 0;
  for (const [i, item] of r.Items.entries()) {
    const at = `Receipt.Items[${i}]`;
    if (typeof item !== 'object' || item === null) return problem('9999', 'Неверный параметр Items', at);
    if (typeof item.Name !== 'string' || item.Name.length === 0 || item.Name.length > 128)
      return problem('9999', 'Неверный параметр Name', `${at}.Name: 1-128 characters`);
    if (!isKopecks(item.Price) || !isKopecks(item.Amount)) return problem('9999', 'Неверный параметр Price или Amount', `${at}: kopecks`);
    // Up to 5 whole digits and 3 decimals (8 characters).
    if (typeof item.Quantity !== 'number' || item.Quantity <= 0 || !/^\d{1,5}(\.\d{1,3})?$/.test(String(item.Quantity))) {
      return problem('310', 'Целая часть параметра Quantity не должна быть больше 5 знаков', `${at}.Quantity`);
    }
    if (Math.round(item.Price * item.Quantity) !== item.Amount)
      return problem('9999', 'Неверный параметр Amount', `${at}.Amount must be Quantity × Price`);
    if (!TAXES.includes(item.Tax)) return problem('9999', 'Неверный параметр Tax', `${at}.Tax ${String(item.Tax)}`);
    if (item.PaymentMethod !== undefined && !PAYMENT_METHODS.includes(item.PaymentMethod))
      return problem('9999', 'Неверный параметр PaymentMethod', `${at}.PaymentMethod`);
    if (version === '1.2') {
      // Items_FFD_12 requires PaymentMethod, PaymentObject and MeasurementUnit.
      if (item.PaymentMethod === undefined)
        return problem('9999', 'Неверный параметр PaymentMethod', `${at}.PaymentMethod is required with FFD 1.2`);
      if (typeof item.PaymentObject !== 'string' || !OBJECTS_12.includes(item.PaymentObject))
        return problem('9999', 'Неверный параметр PaymentObject', `${at}.PaymentObject`);
      if (typeof item.MeasurementUnit !== 'string' || item.MeasurementUnit.length === 0)
        return problem('9999', 'Неверный параметр MeasurementUnit', `${at}.MeasurementUnit обязателен, если версия ФД онлайн-кассы — 1.2`);
    } else {
      if (item.PaymentObject !== undefined && !OBJECTS_105.includes(item.PaymentObject))
        return problem('9999', 'Неверный параметр PaymentObject', `${at}.PaymentObject`);
      if (item.MeasurementUnit !== undefined)
        return problem('311', 'Ошибка регистрации чека в Receipt Service', 'quantityMeasurementUnit не может быть передана для ФФД 1.05');
    }
    sum += item.Amount;
  }
  if (r.Payments !== undefined) {
    const p = r.Payments;
    if (typeof p !== 'object' || p === null || !isKopecks(p.Electronic))
      return problem('9999', 'Неверный параметр Payments', 'Payments.Electronic is required');
    const kinds = [p.Cash, p.Electronic, p.AdvancePayment, p.Credit, p.Provision];
    if (kinds.some((v) => v !== undefined && !isKopecks(v))) return problem('9999', 'Неверный параметр Payments', 'Payments: kopecks');
    const paid = kinds.reduce<number>((s, v) => s + (v ?? 0), 0);
    if (paid !== sum) return problem('308', 'Сумма всех позиций в чеке должна равняться сумме всех видов оплаты', `${sum} ≠ ${paid}`);
  }
  if (sum !== amount) return problem('334', 'Суммы в чеке и в платеже не совпадают', `${sum} ≠ ${amount}`);
  return null;
}
