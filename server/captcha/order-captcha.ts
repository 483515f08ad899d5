import { ErrorCode } from '../../contract/errors.ts';
import type { StoredSetup } from '../../contract/setup.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { HoldGuard } from '../security/hold-limits.ts';
import type { RecaptchaVerifier } from './recaptcha.ts';
import type { SmartCaptchaVerifier } from './smartcaptcha.ts';

export type OrderCaptchaDeps = {
  db: Db;
  captcha: CaptchaService;
  recaptcha: RecaptchaVerifier;
  /** Yandex SmartCaptcha's check; without it a setup that turns SmartCaptcha on refuses every order. */
  smartcaptcha?: SmartCaptchaVerifier | undefined;
  holds?: HoldGuard | undefined;
};

/** The hold an order is about to take, for the per-client limits (server/security/hold-limits.ts). */
export type OrderHold<T> = { email: string; places: number; at: Date; until: Date; hashOf: (placed: T) => string };
export type OrderCaptchaInput = {
  recaptchaToken?: string | undefined;
  smartToken?: string | undefined;
  captchaSid?: string | undefined;
  captchaText?: string | undefined;
};

/** The token captcha the setup turns on, if any: reCAPTCHA wins when both are on. */
export function tokenCaptchaOf(setup: Pick<StoredSetup, 'recaptcha' | 'smartcaptcha'>): 'recaptcha' | 'smartcaptcha' | undefined {
  if (setup.recaptcha.enabled) return 'recaptcha';
  return setup.smartcaptcha.enabled ? 'smartcaptcha' : undefined;
}

const invalid = () => new BusinessError(ErrorCode.invalidRecaptcha, { status: 400 });

class WrongCaptcha extends Error {
  readonly sid: string;
  constructor(sid: string) {
    super('wrong captcha');
    this.sid = sid;
  }
}

/**
 * Runs an order's transaction behind the captcha the setup turns on: invisible
 * reCAPTCHA first, else Yandex SmartCaptcha, else the image captcha. The image answer is used inside the order's own
 * transaction, so an order refused for another reason gives it back; a wrong answer uses the
 * image up (one guess each) and answers -1001, which makes the page show a new captcha.
 * `oneStatement`: placeOrder sends exactly one statement, so it needs no transaction of its own;
 * it is then called with `alone` true and the database itself (no transaction), and may place the
 * order together with others (server/orders/order-batcher.ts).
 */
export async function withOrderCaptcha<T>(
  deps: OrderCaptchaDeps,
  setup: StoredSetup,
  input: OrderCaptchaInput,
  remoteIp: string | undefined,
  placeOrder: (tx: Queryable, alone: boolean) => Promise<T>,
  options: { oneStatement?: boolean; hold?: OrderHold<T> | undefined } = {},
): Promise<T> {
  const tokenCaptcha = tokenCaptchaOf(setup);
  if (tokenCaptcha === 'recaptcha') {
    // recaptchaSkip from the client is never trusted: with reCAPTCHA on, every order needs a token.
    const ok = input.recaptchaToken ? await deps.recaptcha.verify(input.recaptchaToken, remoteIp) : false;
    if (!ok) throw invalid();
  }
  const answered = Boolean(input.captchaSid && input.captchaText);
  // SmartCaptcha's fallback: a page whose widget cannot run (its script did not load, or it
  // reported a network or script error) asks the image captcha instead, so an order with no
  // token but an image answer is checked by that answer (docs/captcha.md, 'Yandex SmartCaptcha').
  const smartFallback = tokenCaptcha === 'smartcaptcha' && !input.smartToken && answered;
  if (tokenCaptcha === 'smartcaptcha' && !smartFallback) {
    const ok = input.smartToken && deps.smartcaptcha ? await deps.smartcaptcha.verify(input.smartToken, remoteIp) : false;
    if (!ok) throw invalid();
  }
  // An image answer sent while the setup has the captcha off is the adaptive challenge's (the
  // client ordered too fast): it is checked and used like any other.
  const image =
    smartFallback || (!tokenCaptcha && (setup.captcha.enabled || answered))
      ? { sid: input.captchaSid, text: input.captchaText }
      : undefined;
  if (image && (!image.sid || !image.text)) throw invalid();
  const hold = options.hold;
  const claim =
    hold && deps.holds
      ? await deps.holds.claim({
          ip: remoteIp ?? '',
          email: hold.email,
          places: hold.places,
          at: hold.at,
          until: hold.until,
          captchaAnswered: tokenCaptcha !== undefined || image !== undefined,
        })
      : undefined;
  if (!claim || !hold) return placeBehindCaptcha(deps, image, placeOrder, options);
  let placed: T;
  try {
    placed = await placeBehindCaptcha(deps, image, placeOrder, options);
  } catch (error) {
    await claim.drop();
    throw error;
  }
  await claim.attach(hold.hashOf(placed));
  return placed;
}

async function placeBehindCaptcha<T>(
  deps: OrderCaptchaDeps,
  image: { sid: string | undefined; text: string | undefined } | undefined,
  placeOrder: (tx: Queryable, alone: boolean) => Promise<T>,
  options: { oneStatement?: boolean },
): Promise<T> {
  // Work that is one SQL statement is atomic by itself: without an image answer to use in the same
  // transaction it runs alone, saving the BEGIN and COMMIT round trips (an on-sale rush's orders).
  if (!image && options.oneStatement) return placeOrder(deps.db, true);
  try {
    return await deps.db.transaction(async (tx) => {
      if (image?.sid && image.text && !(await deps.captcha.use(tx, image.sid, image.text))) throw new WrongCaptcha(image.sid);
      return placeOrder(tx, false);
    });
  } catch (error) {
    if (error instanceof WrongCaptcha) {
      await deps.captcha.burn(error.sid);
      throw invalid();
    }
    throw error;
  }
}
