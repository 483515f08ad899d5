import { describe, expect, it } from 'vitest';
import { returnLinkMail } from './return-mail.ts';

const request = {
  to: 'buyer@example.test',
  orderNumber: 100042,
  count: 2,
  amount: 150050,
  link: 'https://tickets.example/order/return/abc?hash_conf=t',
  requestId: 7,
  services: [{ name: 'Audio guide', amount: 25000 }],
};

describe('returnLinkMail', () => {
  it("writes the amounts in the setup's currency, as the visitor's language writes them", () => {
    const en = returnLinkMail({ ...request, lang: 'en', currency: 'USD' });
    expect(en.text).toContain('2 tickets, refund $1,500.50.');
    expect(returnLinkMail({ ...request, count: 1, lang: 'en', currency: 'USD' }).text).toContain(': 1 ticket, refund');
    expect(en.text).toContain('— Audio guide: $250\n');
    const ru = returnLinkMail({ ...request, lang: 'ru', currency: 'KZT' });
    expect(ru.text).toContain('сумма к возврату — 1\u00a0500,50\u00a0T.');
    expect(ru.html).toContain('1\u00a0500,50\u00a0T');
    expect(ru.text).not.toContain('₽');
  });
});
