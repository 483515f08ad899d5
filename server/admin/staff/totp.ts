import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '../../../contract/admin/staff-rules.ts';

/** RFC 6238 with the parameters every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
function totpOf(secret: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh secret of 160 bits (the size RFC 4226 recommends), in base32 as apps take it typed. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step of the code if it is right at `at` (the step before and after are taken too, for
 * clocks a little off), else null. The caller keeps the step so the same code is not taken twice.
 */
export function matchTotp(secret: string, code: string, at: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at }) + delta;
}

/** The code of a moment: for tests and the command line, as an authenticator app would show it. */
export function totpCodeAt(secret: string, at: number): string {
  return totpOf(secret).generate({ timestamp: at });
}
