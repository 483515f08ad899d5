import { sanitizeLocalizedHtml } from '../server/catalog/sanitize-html.ts';
import type { Queryable } from '../server/db/client.ts';

const l = (ru: string, en: string, kz: string, ch: string) => JSON.stringify({ ru, en, kz, ch });
/** An offer's description is a rich text: it goes in through the allow-list the back office's save uses. */
const html = (ru: string, en: string, kz: string, ch: string) => JSON.stringify(sanitizeLocalizedHtml({ ru, en, kz, ch }));

/** The e-mail registered with the demo loyalty card: the one-time codes that prove it go there. */
export const DEMO_LOYALTY_EMAIL = 'card-holder@loyalty.demo.example';

/**
 * The payment issue's part of the demo (design 'Demo catalog': special offers, a promo code, a
 * loyalty card with bonuses). Offers here are offered with every event (event_id null), so they
 * do not depend on the catalog's ids. Idempotent: the demo loader may call it on every start.
 *
 * Promo codes: DEMO10 (10 %), MINUS300 (300 ₽ off), ONCE (one order at a time), OLD (expired).
 * Loyalty cards: 1000200030004000 (1 500 bonuses; its codes go to DEMO_LOYALTY_EMAIL), 9999000011112222 (blocked).
 */
export async function loadPaymentExtras(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `insert into special_offers (id, package_id, event_id, name, description, amount, per_order_limit, seat_tied, stock, sortnum) values
       (1, 1, null, $1, $2, 25000, 10, true, null, 1),
       (2, 2, null, $3, $4, 30000, 2, false, null, 2),
       (3, 3, null, $5, $6, 50000, 1, false, 40, 3)
     on conflict (id) do nothing`,
    [
      l('Аудиогид', 'Audio guide', 'Аудиогид', '语音导览'),
      html(
        'Выдаётся на входе по билету на место',
        'Given at the entrance on presenting the seat ticket',
        'Кіреберісте орынға берілген билетті көрсеткенде беріледі',
        '入场时凭座位票领取',
      ),
      l('Программка', 'Programme', 'Бағдарлама', '节目单'),
      html('Печатная программа вечера', 'The printed programme of the evening', 'Кештің басылған бағдарламасы', '当晚演出的印刷节目单'),
      l('Парковка', 'Parking', 'Автотұрақ', '停车位'),
      html(
        'Место на парковке на время события.<br>Въезд <b>за час до начала</b>',
        'A parking space for the time of the event.<br>Entry <b>an hour before the start</b>',
        'Іс-шара кезінде автотұрақтағы орын.<br>Кіру <b>басталуына бір сағат қалғанда</b>',
        '活动期间的一个停车位。<br><b>开始前一小时</b>可入场',
      ),
    ],
  );
  const day = 24 * 3600 * 1000;
  await db.query(
    `insert into promo_codes (code, kind, value, valid_from, valid_until, usage_limit) values
       ('DEMO10', 'percent', 1000, $1, $2, null),
       ('MINUS300', 'amount', 30000, $1, $2, null),
       ('ONCE', 'percent', 2000, $1, $2, 1),
       ('OLD', 'percent', 5000, $3, $4, null)
     on conflict (code) do nothing`,
    [
      new Date(now.getTime() - day),
      new Date(now.getTime() + 3650 * day),
      new Date(now.getTime() - 60 * day),
      new Date(now.getTime() - 30 * day),
    ],
  );
  await db.query(
    `insert into loyalty_cards (code, holder_name, is_blocked, balance, accrual_percent, email) values
       ('1000200030004000', 'Demo visitor', false, 1500, 5, '${DEMO_LOYALTY_EMAIL}'),
       ('9999000011112222', 'Blocked visitor', true, 800, 5, 'blocked@loyalty.demo.example')
     on conflict (code) do nothing`,
  );
}
