import defaults from '../../config/setup.json' with { type: 'json' };
import { type RulesDocument, type Setup, setup as setupSchema } from '../../contract/setup.ts';

/** The default setup of config/setup.json as GET /api/setup answers it, with two rules documents. */
export function setupFixture(change: (setup: Setup) => void = () => {}): Setup {
  const value = setupSchema.parse({
    ...defaults,
    crm_client: null,
    db: {
      ...defaults.db,
      rules: [
        { url: '/rules/purchase-terms', infname: { ru: 'Правила покупки билетов', en: 'Ticket purchase terms' } },
        { url: '/rules/privacy-policy', infname: { ru: 'Политика конфиденциальности', en: 'Privacy policy' } },
      ],
    },
  });
  change(value);
  return value;
}

/** The two rules documents as GET /api/rules answers them. */
export function rulesFixture(): { rules: RulesDocument[] } {
  return {
    rules: [
      {
        id: 1,
        slug: 'purchase-terms',
        infname: { ru: 'Правила покупки', en: 'Purchase terms' },
        url: {},
        filebody: {
          ru: '<h2>Как купить билет</h2><p>Билеты продаются онлайн.</p>',
          en: '<h2>How to buy</h2><p>Tickets are sold online.</p>',
        },
      },
      {
        id: 2,
        slug: 'privacy-policy',
        infname: { ru: 'Политика конфиденциальности', en: 'Privacy policy' },
        url: { ru: '/static/privacy-policy.pdf', en: '/static/privacy-policy-en.pdf' },
        filebody: {},
      },
    ],
  };
}
