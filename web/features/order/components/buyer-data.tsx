import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Buyer's full name, e-mail and phone (only those present); collapsible on small screens. */
export function BuyerData({ name, email, phone }: { name: string; email: string; phone: string }) {
  const { t } = useTranslation('order');
  const [open, setOpen] = useState(false);
  const id = useId();
  const fields = [
    { key: 'name', label: t('buyer.name'), value: name },
    { key: 'email', label: t('buyer.email'), value: email },
    { key: 'phone', label: t('buyer.phone'), value: phone },
  ].filter((f) => f.value.trim() !== '');
  if (fields.length === 0) return null;
  return (
    <section className="order-buyer" aria-label={t('buyer.title')}>
      <button type="button" className="order-buyer__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {open ? t('buyer.hide') : t('buyer.show')}
      </button>
      <dl id={id} className={`buyer-facts order-buyer__list${open ? ' is-open' : ''}`}>
        {fields.map((f) => (
          <div key={f.key} className="order-buyer__field">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
