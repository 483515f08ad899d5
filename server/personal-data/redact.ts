/**
 * What stays readable of a visitor's contact where the record must not hold it in clear (the
 * audit log, a sent e-mail's row): the first character and the domain of an e-mail.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email === '' ? '' : '***';
  return `${email[0]}***${email.slice(at)}`;
}

const EMAIL_IN_TEXT = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[^\s<>"'(),;:]+/g;

/** Every e-mail address inside a text (an SMTP server's refusal names the recipient) masked. */
export function maskEmailsIn(text: string): string {
  return text.replace(EMAIL_IN_TEXT, (found) => maskEmail(found));
}
