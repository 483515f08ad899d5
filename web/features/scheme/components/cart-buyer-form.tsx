import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuyerForm } from '../../../components/buyer-form/buyer-form.tsx';
import { loadBuyerValidation, useBuyer } from '../../../components/buyer-form/use-buyer.ts';
import { useSetup } from '../../../lib/use-setup.ts';
import type { BuyerTexts } from '../../../components/buyer-form/buyer-form-skeleton.tsx';
import type { CartPanelProps } from './cart-panel.tsx';

/**
 * The cart's buyer form with its consents and the order button, checked by the contract's
 * buyerSchema (the schema the server parses with). Loaded apart from the page (cart-panel.tsx):
 * React Hook Form, zod and the schemas are not part of the scheme page's first load.
 */
export function CartBuyerForm({ checkboxes, submitting, onSubmit, texts }: Omit<CartPanelProps, 'cart'> & { texts: BuyerTexts }) {
  const { t } = useTranslation('scheme');
  const id = useId();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [showMissing, setShowMissing] = useState(false);
  const { data: setup } = useSetup();
  const { form } = useBuyer({
    currency: setup?.app.currency ?? 'RUB',
    crm: null,
    pushkin: false,
    firstCheck: 'touched',
    focusFirstError: true,
  });
  const missing = checkboxes.filter((box) => box.filling === 1 && !checked.has(box.id));

  return (
    <form
      className="buyer"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(
        async (values) => {
          if (missing.length > 0) {
            setShowMissing(true);
            return;
          }
          onSubmit((await loadBuyerValidation()).wireOrdinaryBuyer(values), [...checked]);
        },
        () => setShowMissing(missing.length > 0),
      )}
    >
      <BuyerForm
        form={form}
        pushkin={false}
        texts={texts}
        idPrefix={id}
        legendId={`${id}-title`}
        consents={{ boxes: checkboxes, checked, onChange: setChecked, showMissing }}
      />
      <button type="submit" className="button button--primary buyer__submit" disabled={submitting} aria-busy={submitting}>
        {submitting ? t('cart.submitting') : t('cart.submit')}
      </button>
    </form>
  );
}
