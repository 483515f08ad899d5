/**
 * The storefront with real acquirers for the browser tests: cards through a local fake of
 * T-Bank and SBP through a local fake of YooKassa, or the other way round with
 * E2E_CARD_ACQUIRER=yookassa, each fake serving its own payment page on its own port (T-Bank
 * PORT + 2, YooKassa PORT + 3), then the browser tests' server as usual (e2e/main-server.ts).
 * Started by e2e/start-server.ts, which sets PORT, PUBLIC_URL, DATA_DIR and SMTP_URL (its own mail
 * catcher, HTTP on PORT + 1).
 */
import { startTbankFake } from '../tests/fakes/tbank-fake.ts';
import { startYookassaFake } from '../tests/fakes/yookassa-fake.ts';

const port = Number(process.env.PORT);
const publicUrl = String(process.env.PUBLIC_URL);
// Test credentials of the local fakes, not of any real terminal or shop.
const TERMINAL = 'E2ETerminal';
const TERMINAL_PASSWORD = 'e2e-terminal-password';
const SHOP = '500001';
const SHOP_KEY = 'test_e2e_shop_key';

const tbank = await startTbankFake({ terminals: { [TERMINAL]: TERMINAL_PASSWORD }, port: port + 2 });
const yookassa = await startYookassaFake({
  shops: { [SHOP]: SHOP_KEY },
  webhookUrl: `${publicUrl}/payments/notify/yookassa`,
  port: port + 3,
});
const stop = () => void Promise.all([tbank.close(), yookassa.close()]);
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

const cardsAtYookassa = process.env.E2E_CARD_ACQUIRER === 'yookassa';
Object.assign(process.env, {
  PAY_CARD_PROVIDER: cardsAtYookassa ? 'yookassa' : 'tbank',
  PAY_QR_PROVIDER: cardsAtYookassa ? 'tbank' : 'yookassa',
  TBANK_TERMINAL_KEY: TERMINAL,
  TBANK_PASSWORD: TERMINAL_PASSWORD,
  TBANK_API_URL: tbank.apiUrl,
  YOOKASSA_SHOP_ID: SHOP,
  YOOKASSA_SECRET_KEY: SHOP_KEY,
  YOOKASSA_API_URL: yookassa.apiUrl,
  RECEIPT_TAXATION: 'usn_income',
});

await import('./main-server.ts');
