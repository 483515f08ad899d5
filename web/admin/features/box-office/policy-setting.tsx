import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_POLICIES, type DuplicatePolicy } from '../../../../contract/admin/desk-tickets-rules.ts';
import { printSettingsResponse } from '../../../../contract/admin/desk-tickets.ts';
import { apiGet, apiSend } from '../../../lib/api.ts';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { messageOf } from '../../lib/field-errors.ts';

const KEY = ['admin', 'desk', 'print-settings'];

/** The venue's choice for a reprinted ticket (the owner's): the first print stays valid, or the duplicate gets a new code. */
export function PolicySetting() {
  const { t } = useTranslation('admin-print');
  const id = useId();
  const client = useQueryClient();
  const [message, setMessage] = useState<FormOutcome>(null);
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiGet('/api/admin/desk/print-settings', printSettingsResponse, { signal }),
    retry: false,
  });
  const change = async (duplicatePolicy: DuplicatePolicy) => {
    try {
      const saved = await apiSend('PUT', '/api/admin/desk/print-settings', { duplicatePolicy }, printSettingsResponse);
      client.setQueryData(KEY, saved);
      await client.invalidateQueries({ queryKey: ['admin', 'desk', 'order'] });
      setMessage({ kind: 'done', text: t('policy.saved') });
    } catch (error) {
      setMessage({ kind: 'error', text: messageOf(error, t('error')) });
    }
  };
  return (
    <fieldset className="admin-card admin-stack" aria-describedby={`${id}-msg`}>
      <legend>{t('policy.label')}</legend>
      {DUPLICATE_POLICIES.map((policy) => (
        <label key={policy} className="admin-check">
          <input
            type="radio"
            name={`${id}-policy`}
            value={policy}
            checked={settings.data?.duplicatePolicy === policy}
            disabled={!settings.data}
            onChange={() => void change(policy)}
          />
          {t(`policy.${policy}`)}
        </label>
      ))}
      <FormMessage id={`${id}-msg`} message={message} />
    </fieldset>
  );
}
