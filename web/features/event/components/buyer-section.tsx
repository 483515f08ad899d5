import { type BaseSyntheticEvent, type RefObject, useEffect, useImperativeHandle } from 'react';
import type { CrmClient } from '../../../../contract/setup.ts';
import { BuyerForm } from '../../../components/buyer-form/buyer-form.tsx';
import type { BuyerTexts } from '../../../components/buyer-form/buyer-form-skeleton.tsx';
import { type BuyerValues, type WireBuyer, loadBuyerValidation, useBuyer } from '../../../components/buyer-form/use-buyer.ts';
import { loadPhoneRules } from '../../../components/phone-field/phone-input.tsx';

/** What the event page's order form asks of the buyer's fields it does not hold itself. */
export type BuyerHandle = {
  /** React Hook Form's handleSubmit over the buyer's fields (checked by the contract schemas). */
  handleSubmit: (valid: () => void, invalid: () => void) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** The buyer's wire fields for POST /api/order/create, the ordinary phone as E.164. */
  wire: () => Promise<WireBuyer>;
  /** Shows the server's field errors ({wire field: code}) on the matching fields. */
  showServerErrors: (errors: Record<string, string>) => void;
};

type Props = {
  /** The form shows; hidden, the fields keep what was typed (React Hook Form lives on). */
  visible: boolean;
  pushkin: boolean;
  texts: BuyerTexts;
  currency: string;
  crm: CrmClient | null;
  handle: RefObject<BuyerHandle | null>;
  /**
   * The page's keeping of the fields' values: written as the section leaves the page (another date
   * takes the order form away), read as it comes back, so what the visitor typed is still there.
   */
  kept: RefObject<BuyerValues | undefined>;
};

/** The buyer's checks and the phone library: the page starts them when the visitor starts choosing tickets. */
export function preloadBuyerChecks() {
  void loadBuyerValidation();
  void loadPhoneRules();
}

/**
 * The buyer's part of the event page's order form, loaded apart from the page (event-view.tsx):
 * React Hook Form, the phone field and, through the resolver, zod and the contract schemas are
 * not on the page's first load. Mounted once the form first shows and kept mounted after.
 */
export function BuyerSection({ visible, pushkin, texts, currency, crm, handle, kept }: Props) {
  const { form, showServerErrors } = useBuyer({ currency, crm, pushkin, kept: kept.current, firstCheck: 'submit', focusFirstError: false });
  useEffect(
    () => () => {
      kept.current = form.getValues();
    },
    [form, kept],
  );
  useImperativeHandle(
    handle,
    () => ({
      handleSubmit: (valid, invalid) => form.handleSubmit(valid, invalid),
      wire: async () => (await loadBuyerValidation()).wireBuyer(form.getValues(), pushkin),
      showServerErrors,
    }),
    [form, pushkin, showServerErrors],
  );
  // Ids keep the wire names (buyer-re_email): the server's field errors and the tests find them.
  return visible ? <BuyerForm form={form} pushkin={pushkin} texts={texts} idPrefix="buyer" /> : null;
}
