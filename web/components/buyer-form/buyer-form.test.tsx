// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SchemeCheckbox } from '../../../contract/scheme.ts';
import common from '../../locales/ru/common.json' with { type: 'json' };
import event from '../../locales/ru/event.json' with { type: 'json' };
import scheme from '../../locales/ru/scheme.json' with { type: 'json' };
import { BuyerForm } from './buyer-form.tsx';
import { BuyerFormSkeleton, type BuyerTexts } from './buyer-form-skeleton.tsx';
import { type BuyerOptions, useBuyer } from './use-buyer.ts';

afterEach(cleanup);

// The pages' own Russian catalogs: each page words the same error codes its own way.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { common, event, scheme } }, interpolation: { escapeValue: false } });
});
const withTexts = (node: ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const TEXTS = { ns: 'scheme', errors: 'fieldErrors' };
const box = (id: number, filling: 0 | 1): SchemeCheckbox =>
  ({ id, name: { ru: `Согласие ${id}` }, url: { ru: '' }, filling }) as SchemeCheckbox;

type HarnessProps = { pushkin?: boolean; texts?: BuyerTexts; options?: Partial<BuyerOptions>; boxes?: SchemeCheckbox[] };

function Harness({ pushkin = false, texts = TEXTS, options = {}, boxes = [] }: HarnessProps) {
  const { form } = useBuyer({ currency: 'RUB', crm: null, pushkin, firstCheck: 'touched', focusFirstError: true, ...options });
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [showMissing, setShowMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        () => {},
        () => setShowMissing(true),
      )}
    >
      <BuyerForm
        form={form}
        pushkin={pushkin}
        texts={texts}
        idPrefix="cart"
        consents={{ boxes, checked, onChange: setChecked, showMissing }}
      />
      <button type="submit">submit</button>
    </form>
  );
}

describe('BuyerForm', () => {
  it('names each input by its wire field: id <prefix>-<wire>, name <wire>', () => {
    withTexts(<Harness />);
    for (const wire of ['fio', 'phone', 'email', 're_email']) {
      const input = document.getElementById(`cart-${wire}`) as HTMLInputElement | null;
      expect(input, wire).not.toBeNull();
      if (wire !== 'phone') expect(input?.name).toBe(wire);
    }
  });

  it('has the names and the masked phone with the Pushkin card, and no fio', () => {
    withTexts(<Harness pushkin />);
    expect(document.getElementById('cart-fio')).toBeNull();
    for (const wire of ['surname', 'name', 'patronymic', 'phone', 'email', 're_email'])
      expect(document.getElementById(`cart-${wire}`), wire).not.toBeNull();
    expect((document.getElementById('cart-phone') as HTMLInputElement).placeholder).toBe('+7 (999) 901-02-03');
  });

  it("refuses an empty form with the contract's codes in the page's texts, focuses the first field and marks the required consent only", async () => {
    withTexts(<Harness boxes={[box(1, 1), box(2, 0)]} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    });
    await waitFor(() => expect(document.getElementById('cart-fio-error')?.textContent).toBe(scheme.fieldErrors['required-fio']));
    expect(document.getElementById('cart-phone-error')?.textContent).toBe(scheme.fieldErrors['required-phone']);
    expect(document.getElementById('cart-email-error')?.textContent).toBe(scheme.fieldErrors['required-email']);
    expect(document.getElementById('cart-box-1-error')?.textContent).toBe(scheme.buyer.checkboxRequired);
    expect(document.activeElement?.id).toBe('cart-fio');
    const required = document.getElementById('cart-box-1');
    expect(required?.getAttribute('aria-invalid')).toBe('true');
    expect(required?.getAttribute('aria-describedby')).toBe('cart-box-1-error');
    expect(document.getElementById('cart-box-2')?.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(required as HTMLElement);
    expect(document.getElementById('cart-box-1-error')).toBeNull();
  });

  it("leaves the focus where it is when the page focuses errors itself, and words the errors in the page's texts", async () => {
    withTexts(<Harness texts={{ ns: 'event', errors: 'errors' }} options={{ focusFirstError: false, firstCheck: 'submit' }} />);
    const button = screen.getByRole('button', { name: 'submit' });
    button.focus();
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(document.getElementById('cart-fio-error')?.textContent).toBe(event.errors['required-fio']));
    expect(document.activeElement).toBe(button);
  });
});

describe('BuyerFormSkeleton', () => {
  it('shows the same labels and consents as the form, read out once as loading', () => {
    withTexts(<BuyerFormSkeleton texts={TEXTS} consents={[box(1, 1)]} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-label')).toBe(common.loading);
    expect([...status.querySelectorAll('label')].map((label) => label.textContent?.trim())).toEqual([
      scheme.buyer.fio,
      scheme.buyer.phone,
      scheme.buyer.email,
      scheme.buyer.reEmail,
      'Согласие 1',
    ]);
  });
});
