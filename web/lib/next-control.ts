import { scrollBehavior } from './motion.ts';

const TEXTUAL = new Set(['text', 'tel', 'email', 'search', 'url', 'number', 'password']);

/**
 * The control a buyer has to deal with next inside an order form: the first field marked invalid,
 * else a part still loading (`aria-busy`: its fields are not there yet, so what follows it is not
 * next), else the first empty text field, else the first required box left unticked, else the
 * submit button. The phone's bottom bar takes the buyer there.
 */
export function nextControl(form: ParentNode): HTMLElement | null {
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) return invalid;
  const loading = form.querySelector<HTMLElement>('[aria-busy="true"]');
  if (loading) return loading;
  const inputs = [...form.querySelectorAll('input')].filter((input) => !input.disabled);
  return (
    inputs.find((input) => TEXTUAL.has(input.type) && input.value === '') ??
    inputs.find((input) => input.type === 'checkbox' && input.required && !input.checked) ??
    form.querySelector<HTMLElement>('[type="submit"]')
  );
}

/** Brings the next control of `root` (else `fallback`) to the middle of the window and focuses it (a part still loading cannot take the focus: it is only shown). */
export function goToNextControl(root: ParentNode | null, fallback?: HTMLElement | null) {
  const control = (root && nextControl(root)) ?? fallback;
  if (!control) return;
  control.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
  control.focus({ preventScroll: true });
}
