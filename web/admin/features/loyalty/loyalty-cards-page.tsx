import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { loyaltyCardResponse, loyaltyListResponse } from '../../../../contract/admin/loyalty.ts';
import { ACCRUAL_PERCENT_DEFAULT, ACCRUAL_PERCENT_MAX, CARD_CODE_MAX, LOYALTY_STATES } from '../../../../contract/admin/loyalty-rules.ts';
import { intlLocale, normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { LabelledField } from '../../components/labelled-field.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { QueryList } from '../../components/query-list.tsx';
import { StackedTable } from '../../components/stacked-table.tsx';
import { Pager, SearchForm, StateSelect } from '../../components/list-filters.tsx';
import { useOpeningForm } from '../../components/card-form.tsx';
import { LOYALTY_KEY, fieldText, typedInteger } from './loyalty-api.ts';
import '../../components/desk.css';
import './loyalty.css';

type Draft = { code: string; holderName: string; email: string; accrualPercent: string; openingBalance: string; blocked: boolean };
const emptyDraft: Draft = {
  code: '',
  holderName: '',
  email: '',
  accrualPercent: String(ACCRUAL_PERCENT_DEFAULT),
  openingBalance: '0',
  blocked: false,
};

/**
 * Loyalty cards: a search by number (or its last 4 digits), holder or e-mail, a state filter, a
 * paged list, and a new card (for those who may write). The search lives in the address.
 */
export default function LoyaltyCardsPage({ canWrite }: { canWrite: boolean }) {
  const { t, i18n, ready } = useTranslation(['admin-loyalty', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const state = (LOYALTY_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as string) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [filters, setFilters] = useState({ q, state });
  const [draft, setDraft] = useState<Draft | null>(null);
  const form = useOpeningForm();
  const list = useQuery({
    queryKey: [...LOYALTY_KEY, 'list', q, state, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ state, page: String(page), lang });
      if (q) query.set('q', q);
      return apiGet(`/api/admin/loyalty-cards?${query}`, loyaltyListResponse, { signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

  const setQuery = (next: Record<string, string>) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '' && v !== 'all' && v !== '1')));

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery({ q: filters.q.trim(), state: filters.state });
  }

  function openForm() {
    setDraft(emptyDraft);
    form.opened();
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    await form.run(async () => {
      const body = {
        ...draft,
        accrualPercent: typedInteger(draft.accrualPercent),
        openingBalance: typedInteger(draft.openingBalance),
        lang,
      };
      const made = await apiPost('/api/admin/loyalty-cards', body, loyaltyCardResponse);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: LOYALTY_KEY });
      return t('create.done', { code: made.card.code });
    });
  }

  if (!ready) return <PageSkeleton label="" />;
  const f = (name: string) => `${id}-${name}`;
  const err = (name: string) => fieldText(t, form.fields, name);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const number = new Intl.NumberFormat(intlLocale(lang));

  return (
    <section aria-labelledby={f('heading')} className="admin-stack loyalty-page">
      <h1 className="admin-heading" id={f('heading')}>
        {t('list.heading')}
      </h1>
      {canWrite ? (
        <div className="admin-actions">
          <button className="admin-button" type="button" onClick={openForm}>
            {t('list.create')}
          </button>
        </div>
      ) : null}
      <p className="admin-message" role="status">
        {form.message}
      </p>
      {draft ? (
        <form
          className="admin-card admin-stack loyalty-form"
          onSubmit={create}
          onInput={form.edits.onInput}
          noValidate
          aria-labelledby={f('form-heading')}
        >
          <h2 className="admin-subheading" id={f('form-heading')} tabIndex={-1} ref={form.heading}>
            {t('create.heading')}
          </h2>
          <div className="loyalty-form__grid">
            <LabelledField id={f('code')} label={t('card.code')} error={err('code')} hint={t('create.codeHint', { max: CARD_CODE_MAX })}>
              <input
                value={draft.code}
                maxLength={CARD_CODE_MAX}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => setDraft({ ...draft, code: e.currentTarget.value })}
                required
              />
            </LabelledField>
            <LabelledField id={f('holderName')} label={t('card.holderName')} error={err('holderName')}>
              <input
                value={draft.holderName}
                autoComplete="off"
                onChange={(e) => setDraft({ ...draft, holderName: e.currentTarget.value })}
                required
              />
            </LabelledField>
            <LabelledField id={f('email')} label={t('card.email')} error={err('email')} hint={t('card.noEmailHint')}>
              <input
                type="email"
                value={draft.email}
                autoComplete="off"
                onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('accrualPercent')} label={t('card.accrualPercent')} error={err('accrualPercent')}>
              <input
                inputMode="numeric"
                value={draft.accrualPercent}
                max={ACCRUAL_PERCENT_MAX}
                onChange={(e) => setDraft({ ...draft, accrualPercent: e.currentTarget.value })}
                required
              />
            </LabelledField>
            <LabelledField
              id={f('openingBalance')}
              label={t('create.openingBalance')}
              error={err('openingBalance')}
              hint={t('create.openingBalanceHint')}
            >
              <input
                inputMode="numeric"
                value={draft.openingBalance}
                onChange={(e) => setDraft({ ...draft, openingBalance: e.currentTarget.value })}
              />
            </LabelledField>
          </div>
          <label className="admin-check">
            <input type="checkbox" checked={draft.blocked} onChange={(e) => setDraft({ ...draft, blocked: e.currentTarget.checked })} />
            {t('create.blocked')}
          </label>
          <div className="admin-actions">
            <button className="admin-button" type="submit" disabled={form.busy}>
              {t('create.submit')}
            </button>
            <button className="admin-button admin-button--plain" type="button" onClick={() => setDraft(null)}>
              {t('create.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <SearchForm onSearch={search} find={t('list.find')}>
        <div className="admin-field">
          <label htmlFor={f('q')}>{t('list.search')}</label>
          <input
            id={f('q')}
            type="search"
            value={filters.q}
            autoComplete="off"
            aria-describedby={f('q-hint')}
            onChange={(e) => setFilters({ ...filters, q: e.currentTarget.value })}
          />
          <p className="admin-field__hint" id={f('q-hint')}>
            {t('list.searchHint')}
          </p>
        </div>
        <StateSelect
          id={f('state')}
          label={t('list.state')}
          states={LOYALTY_STATES}
          labelOf={(s) => t(`list.states.${s}`)}
          value={filters.state}
          onValue={(v) => setFilters({ ...filters, state: v })}
        />
      </SearchForm>
      <QueryList query={list} isEmpty={(data) => data.cards.length === 0} nothing={t('list.nothing')}>
        {(data) => (
          <>
            <StackedTable
              caption={t('list.caption')}
              rows={data.cards}
              rowKey={(c) => c.id}
              columns={[
                {
                  label: t('card.code'),
                  cell: (c) => (
                    <Link href={`/loyalty/${c.id}`} aria-label={t('card.open', { code: c.code })}>
                      <code>{c.code}</code>
                    </Link>
                  ),
                },
                { label: t('card.holderName'), cell: (c) => c.holderName || t('card.none') },
                { label: t('card.email'), cell: (c) => c.email || t('card.none') },
                { label: t('card.balance'), cell: (c) => number.format(c.balance) },
                { label: t('card.accrualPercent'), cell: (c) => number.format(c.accrualPercent) },
                { label: t('card.state'), cell: (c) => (c.blocked ? t('card.stateBlocked') : t('card.stateActive')) },
              ]}
            />
            <Pager
              label={t('list.pages')}
              page={page}
              pages={pages}
              text={t('list.pageOf', { page, pages, total: data.total })}
              previous={t('list.previous')}
              next={t('list.next')}
              onPage={(to) => setQuery({ q, state, page: String(to) })}
            />
          </>
        )}
      </QueryList>
    </section>
  );
}
