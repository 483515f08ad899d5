import { useTranslation } from 'react-i18next';

/** The placeholder of a screen that a later issue builds. */
export function ComingSoon({ heading }: { heading: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="coming-soon">
      <h1>{heading}</h1>
      <p>{t('comingSoon')}</p>
    </section>
  );
}
