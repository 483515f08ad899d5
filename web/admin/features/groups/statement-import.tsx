import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statementImportResponse, unmatchedPaymentsResponse, type StatementPaymentView } from '../../../../contract/admin/groups.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost, toApiError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { useVenue } from '../../app/session.ts';
import { fileAsBase64, groupsPaths } from './groups-api.ts';

function PaymentsTable({ caption, payments }: { caption: string; payments: readonly StatementPaymentView[] }) {
  const { t, i18n } = useTranslation('admin-groups');
  const lang = normalizeLang(i18n.language);
  const { currency } = useVenue();
  return (
    <TableRegion name={caption}>
      <table className="admin-table">
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payment.document')}</th>
            <th scope="col">{t('payment.payer')}</th>
            <th scope="col">{t('payment.amount')}</th>
            <th scope="col">{t('payment.purpose')}</th>
            <th scope="col">{t('payment.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id}>
              <td>{t('payment.number', { number: p.number, date: p.date })}</td>
              <td>
                {p.payerName} ({t('inn', { inn: p.payerInn })})
              </td>
              <td>{formatMoney(p.amount, currency, lang)}</td>
              <td>{p.purpose}</td>
              <td>
                {t(`outcomes.${p.outcome}`, { invoice: p.invoiceNumber ?? '—' })}
                {p.reason ? ` (${t(`reasons.${p.reason}`, { defaultValue: p.reason })})` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** A bank statement in the 1CClientBankExchange format: what each payment came to, and the payments no invoice claimed. */
export function StatementImport() {
  const { t, i18n } = useTranslation('admin-groups');
  const lang = normalizeLang(i18n.language);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [register, setRegister] = useState('');
  const [message, setMessage] = useState<FormOutcome>(null);
  const unmatched = useQuery({
    queryKey: ['admin', 'groups', 'unmatched'],
    queryFn: ({ signal }) => apiGet(groupsPaths.unmatched, unmatchedPaymentsResponse, { signal }),
  });
  const upload = useMutation({
    mutationFn: async (f: File) =>
      apiPost(
        groupsPaths.statements,
        { fileName: f.name, content: await fileAsBase64(f), lang, ...(register.trim() ? { register: register.trim() } : {}) },
        statementImportResponse,
      ),
    onSuccess: (answer) => {
      setMessage({ kind: 'done', text: t('statement.done', { count: answer.payments.length, skipped: answer.skipped }) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'groups'] });
    },
    onError: (error) => setMessage({ kind: 'error', text: toApiError(error).text || t('error') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMessage({ kind: 'error', text: t('statement.chooseFile') });
      return;
    }
    upload.mutate(file);
  };
  return (
    <section aria-labelledby="admin-groups-statement" className="admin-card admin-stack">
      <h2 className="admin-subheading" id="admin-groups-statement">
        {t('statement.heading')}
      </h2>
      <p className="admin-hint">{t('statement.hint')}</p>
      <form onSubmit={submit} className="admin-stack" aria-describedby="admin-groups-statement-message">
        <div className="admin-field">
          <label htmlFor="admin-groups-statement-file">{t('statement.file')}</label>
          <input
            id="admin-groups-statement-file"
            type="file"
            accept=".txt,text/plain"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="admin-groups-statement-register">{t('register')}</label>
          <input
            id="admin-groups-statement-register"
            className="admin-input"
            value={register}
            onChange={(event) => setRegister(event.currentTarget.value)}
            aria-describedby="admin-groups-statement-register-hint"
          />
          <p className="admin-field__hint" id="admin-groups-statement-register-hint">
            {t('registerHint')}
          </p>
        </div>
        <p className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={upload.isPending}>
            {t('statement.submit')}
          </button>
        </p>
        <FormMessage id="admin-groups-statement-message" message={message} />
      </form>
      {upload.data && upload.data.payments.length > 0 ? (
        <PaymentsTable caption={t('statement.result')} payments={upload.data.payments} />
      ) : null}
      <h3 className="admin-subheading">{t('statement.unmatched')}</h3>
      {unmatched.isPending ? (
        <div className="admin-skeleton admin-skeleton--row" aria-busy="true" />
      ) : unmatched.isError ? (
        <p role="alert">{t('error')}</p>
      ) : unmatched.data.payments.length === 0 ? (
        <p>{t('statement.noneUnmatched')}</p>
      ) : (
        <PaymentsTable caption={t('statement.unmatched')} payments={unmatched.data.payments} />
      )}
    </section>
  );
}
