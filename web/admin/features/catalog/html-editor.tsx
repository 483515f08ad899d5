import { useTranslation } from 'react-i18next';

/**
 * The description's HTML as the member writes it. The server keeps only the storefront's
 * allow-list of tags (contract/html-allow-list.ts) and drops the rest on save.
 */
export function HtmlEditor({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (html: string) => void }) {
  const { t } = useTranslation('admin-catalog');
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className="admin-catalog__html" rows={6} value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-describedby={`${id}-hint`} />
      <p className="admin-field__hint" id={`${id}-hint`}>
        {t('form.htmlHint')}
      </p>
    </div>
  );
}
