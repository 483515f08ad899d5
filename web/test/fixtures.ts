import defaults from '../../config/setup.json' with { type: 'json' };
import { type Setup, setup as setupSchema } from '../../contract/setup.ts';

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
