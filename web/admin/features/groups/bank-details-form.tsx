import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BankDetailsInput, bankDetailsResponse } from '../../../../contract/admin/groups.ts';
import { apiGet, apiSend, toApiError } from '../../../lib/api.ts';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { LabelledField } from '../../components/labelled-field.tsx';
import { fieldErrorsOf, groupsPaths } from './groups-api.ts';

const EMPTY: BankDetailsInput = {
  legalName: '',
  inn: '',
  kpp: '',
  address: '',
  bik: '',
  bankName: '',
  correspondentAccount: '',
  account: '',
};
const FIELDS = ['legalName', 'inn', 'kpp', 'address', 'bik', 'bankName', 'correspondentAccount', 'account'] as const;

/** The venue's bank details that invoices print: shown to those who make invoices, changed by the owner. */
export function BankDetailsForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin-groups');
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: ['admin', 'groups', 'bank-details'],
    queryFn: ({ signal }) => apiGet(groupsPaths.bankDetails, bankDetailsResponse, { signal }),
  });
  const [values, setValues] = useState<BankDetailsInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormOutcome>(null);
  useEffect(() => {
    if (saved.data?.details) setValues(saved.data.details);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: () => apiSend('PUT', groupsPaths.bankDetails, values, bankDetailsResponse),
    onSuccess: () => {
      setErrors({});
      setMessage({ kind: 'done', text: t('bank.saved') });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'groups', 'bank-details'] });
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      setMessage({ kind: 'error', text: toApiError(error).text || t('error') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section aria-labelledby="admin-groups-bank" className="admin-card admin-stack">
      <h2 className="admin-subheading" id="admin-groups-bank">
        {t('bank.heading')}
      </h2>
      {saved.isPending ? (
        <div className="admin-skeleton admin-skeleton--row" aria-busy="true" />
      ) : !canEdit ? (
        saved.data?.details ? (
          <dl>
            {FIELDS.map((field) => (
              <div key={field}>
                <dt>{t(`bank.${field}`)}</dt>
                <dd>{saved.data.details?.[field] || '—'}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{t('bank.none')}</p>
        )
      ) : (
        <form onSubmit={submit} className="admin-stack" noValidate>
          {FIELDS.map((field) => (
            <LabelledField
              key={field}
              id={`admin-groups-bank-${field}`}
              label={t(`bank.${field}`)}
              error={errors[field] ? t(`bank.invalid.${field}`) : undefined}
            >
              <input
                className="admin-input"
                value={values[field]}
                inputMode={field === 'legalName' || field === 'address' || field === 'bankName' ? 'text' : 'numeric'}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((v) => ({ ...v, [field]: value }));
                }}
              />
            </LabelledField>
          ))}
          <p className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={save.isPending}>
              {t('bank.save')}
            </button>
          </p>
          <FormMessage id="admin-groups-bank-message" message={message} />
        </form>
      )}
    </section>
  );
}
