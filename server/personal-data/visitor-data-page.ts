import type { VisitorData } from '../../contract/admin/personal-data.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cell = (value: unknown) =>
  `<td>${escape(value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value))}</td>`;

/**
 * What the storefront holds about one visitor as a page they can read and print (the answer to a
 * request under the personal-data law), in Russian, the operator's language; every value escaped.
 */
export function visitorDataPage(data: Omit<VisitorData, 'errorCode' | 'errorText'>): string {
  const orders = data.orders
    .map((o) => {
      const buyer = [o.buyer.name, o.buyer.phone, o.buyer.email].filter(Boolean).join(', ');
      const tickets = o.tickets.map((t) => `<tr>${cell(t.id)}${cell(t.holder)}</tr>`).join('');
      const consents = o.consents
        .map(
          (c) =>
            `<tr>${cell(c.scope)}${cell(c.version)}${cell(c.lang)}${cell(c.textSha256)}${cell(c.givenAt)}${cell(c.clientAddress)}</tr>`,
        )
        .join('');
      const mails = o.mails.map((m) => `<tr>${cell(m.to)}${cell(m.subject)}${cell(m.sentAt)}</tr>`).join('');
      return `<section><h2>Заказ № ${o.number}</h2>
<p>Мероприятие: ${escape(o.event.ru ?? '')}; создан: ${escape(o.createdAt)}; сеанс: ${escape(o.sessionAt ?? '—')}; обезличен: ${escape(o.anonymisedAt ?? 'нет')}</p>
<p>Покупатель: ${escape(buyer || '—')}</p>
<table><caption>Билеты и данные посетителей</caption><tr><th>Билет</th><th>Посетитель</th></tr>${tickets}</table>
<table><caption>Согласия</caption><tr><th>Вид</th><th>Редакция</th><th>Язык</th><th>SHA-256 текста</th><th>Дата</th><th>Адрес</th></tr>${consents}</table>
<table><caption>Письма</caption><tr><th>Адрес</th><th>Тема</th><th>Отправлено</th></tr>${mails}</table></section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Персональные данные посетителя</title><style>body{font-family:sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #999;padding:.25rem;text-align:left;overflow-wrap:anywhere}</style></head>
<body><h1>Персональные данные посетителя</h1>
${orders}
</body></html>`;
}
