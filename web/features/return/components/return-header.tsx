import { useTranslation } from 'react-i18next';

/** 'Заявление на возврат', the order number and date, and the customer's name, e-mail and phone. */
export function ReturnHeader({
  number,
  date,
  name,
  email,
  phone,
}: {
  number: number;
  date: string;
  name: string;
  email: string;
  phone: string;
}) {
  const { t } = useTranslation('return');
  const items = [
    { key: 'name', label: t('buyer.name'), value: name },
    { key: 'email', label: t('buyer.email'), value: email },
    { key: 'phone', label: t('buyer.phone'), value: phone },
  ].filter((item) => item.value);
  return (
    <header className="return-head">
      <h1>{t('heading')}</h1>
      <p className="return-head__order">{t('orderLine', { number, date })}</p>
      {items.length > 0 && (
        <dl className="buyer-facts return-buyer" aria-label={t('buyer.label')}>
          {items.map((item) => (
            <div key={item.key}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </header>
  );
}
