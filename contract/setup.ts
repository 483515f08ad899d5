import { z } from 'zod';
import { flag, localized, partialLocalized } from './common.ts';

/** The identified customer-relations client (the setup's crm_client). */
export const crmClient = z.object({
  data: z.object({
    id: z.number().int(),
    typeId: z.number().int(),
    typeName: z.string(),
    cardCode: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    middle_name: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  subscriptions: z.array(z.object({ hash_id: z.string(), quant: z.number().int().min(0) })),
});
export type CrmClient = z.infer<typeof crmClient>;

/** Venue contacts shown on /contacts and in the footer. */
export const infoContact = z.object({
  email: z.string(),
  phone: z.string(),
  requisites: partialLocalized,
  pushkin_url: z.string(),
  china_url: z.string(),
});

/** What a card of one kind type shows on the listing (tickets_* and subscription_* flags). */
const cardFlags = {
  tickets_image: flag,
  tickets_col: z.number().int().min(1).max(4),
  tickets_description: flag,
  tickets_action: flag,
  tickets_address: flag,
  subscription_image: flag,
  subscription_col: z.number().int().min(1).max(4),
  subscription_description: flag,
  subscription_action: flag,
  subscription_address: flag,
};

/** The setup's currency (default RUB), an ISO 4217 code. */
export const currencyCode = z.enum(['RUB', 'USD', 'KZT', 'CNY']);
export type CurrencyCode = z.infer<typeof currencyCode>;

/** The storefront setup as GET /api/setup and the afisha answer carry it. */
export const setup = z.object({
  app: z.object({
    language: z.enum(['ru', 'en', 'kz', 'ch']),
    currency: currencyCode,
    order_return: flag,
    title: localized,
    logo: partialLocalized,
    logo_mobile: partialLocalized,
    logo_width: z.number().int().positive(),
    url_logo: z.string(),
    url_lk: z.string(),
    header: flag,
    header_background: z.string(),
    footer: flag,
    scroll_top: flag,
    date: z.string(),
    footer_url_site: z.string(),
    footer_text_site: partialLocalized,
    footer_url_contacts: z.string(),
    footer_url_agreement: z.string(),
    footer_text: partialLocalized,
    footer_db_info: flag,
    logo_footer: z.string(),
    logo_footer_width: z.number().int().positive(),
    banner: partialLocalized,
    timezone: z.string(),
    return_form_url: z.string(),
  }),
  is_integration: flag,
  captcha: z.object({ enabled: z.boolean() }),
  recaptcha: z.object({ enabled: z.boolean(), sitekey: z.string() }),
  /**
   * Yandex SmartCaptcha (docs/captcha.md): the widget's client key; the server key is
   * SMARTCAPTCHA_SECRET. reCAPTCHA wins when both are on. Missing in an older stored setup: off.
   */
  smartcaptcha: z.object({ enabled: z.boolean(), sitekey: z.string() }).default({ enabled: false, sitekey: '' }),
  db: z.object({
    languages: z.string(),
    rules: z.array(z.object({ url: z.string(), infname: partialLocalized })),
    info_client: partialLocalized,
    info_contact: infoContact,
    showproculture: flag,
  }),
  crm_client: crmClient.nullable(),
  const: z.object({ price_limit: z.number().int().positive() }),
  lifetime_storage: z.number().int().positive(),
  menu_first_notimes: flag,
  description_escaping_tags: z.string(),
  topmenu: flag,
  /**
   * Who organises the events, as the electronic ticket form of culture organisations names them:
   * the organiser's name and tax number (INN, 10 digits for an organisation, 12 for a sole
   * proprietor), and the series the venue's tickets carry before their number.
   */
  organizer: z
    .object({
      name: partialLocalized,
      inn: z.string().regex(/^(\d{10}|\d{12})?$/),
      ticket_series: z.string().max(10),
    })
    .optional(),
  ...cardFlags,
});
export type Setup = z.infer<typeof setup>;

/** The venue-editable part of the setup as stored in the database (crm_client is per visitor). */
export const storedSetup = setup.omit({ crm_client: true });
export type StoredSetup = z.infer<typeof storedSetup>;

export const setupResponse = setup;

/** GET /api/token */
export const tokenResponse = z.object({ token: z.string() });

/** GET /api/rules: the rules documents. */
export const rulesDocument = z.object({
  id: z.number().int(),
  slug: z.string(),
  infname: partialLocalized,
  url: partialLocalized,
  filebody: partialLocalized,
});
export const rulesResponse = z.object({ rules: z.array(rulesDocument) });
export type RulesDocument = z.infer<typeof rulesDocument>;
