// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeskTask } from '../../../../contract/admin/desk-register.ts';
import { resetCsrfToken } from '../../../lib/api.ts';
import register from '../../../locales/ru/admin-register.json' with { type: 'json' };
import { CorrectionForm } from './correction-form.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'ru', resources: { ru: { 'admin-register': register } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

const task: DeskTask = {
  id: 7,
  register: 'desk-1',
  kind: 'sell',
  orderNumber: 1001,
  driver: 'atol',
  uuid: 'u-7',
  request: { type: 'sell' },
  total: 100000,
  state: 'failed',
  attempts: 1,
  error: 'Ошибка ФН',
  fiscalSign: null,
  fiscalNumber: null,
  printedElsewhere: false,
  corrects: null,
  correctedBy: null,
  createdAt: '2026-11-21T09:00:00.000Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the correction receipt form', () => {
  it('sends the grounds, shows the server’s refusal beside its field, and is done once the server takes them', async () => {
    const sent: unknown[] = [];
    const answers = [
      json(400, { errorCode: '-2643', errorText: 'Основание указано не полностью.', fields: [{ path: 'baseNumber', code: 'required' }] }),
      json(200, {
        errorCode: '0',
        errorText: '',
        task: { ...task, state: 'done', correctedBy: 8 },
        correction: { ...task, id: 8, kind: 'sellCorrection', state: 'pending', corrects: 7 },
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/token') return json(200, { errorCode: '0', errorText: '', token: 't' });
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return answers.shift() as Response;
      }),
    );
    const onDone = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <CorrectionForm task={task} lang="ru" onDone={onDone} onCancel={() => {}} />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'По предписанию налогового органа' }));
    await userEvent.click(screen.getByRole('button', { name: 'Пробить чек коррекции' }));
    expect((await screen.findByText('Основание указано не полностью.')).getAttribute('role')).toBe('alert');
    const number = screen.getByLabelText('Номер документа-основания');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Укажите номер документа-основания.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    await userEvent.type(number, '12/34');
    await userEvent.click(screen.getByRole('button', { name: 'Пробить чек коррекции' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent).toEqual([
      { url: '/api/admin/desk/receipt-tasks/7/correct', body: { type: 'instruction', baseNumber: '', lang: 'ru' } },
      { url: '/api/admin/desk/receipt-tasks/7/correct', body: { type: 'instruction', baseNumber: '12/34', lang: 'ru' } },
    ]);
  });
});
