import { z } from 'zod';
import { isValidEmail } from '../buyer-format.ts';
import { linkUrl } from '../catalog-file.ts';
import { HEX_COLOUR, headerBackgroundReadable } from '../colour-contrast.ts';
import { LANGS } from '../lang.ts';
import { setup } from '../setup.ts';

/**
 * The storefront setup as a venue's owner edits it in the back office: what the venue decides
 * (branding, languages, contacts, header and footer, what cards show). Left out, as configuration
 * rather than a venue's choice: the currency and time zone (every price and date depends on them),
 * the captchas, integration mode, storage lifetimes and limits. Stricter than the stored setup's
 * schema where a page would break or mislead: links, colours the header text stays readable on,
 * a valid e-mail. Error codes name the rule; web/locales/<lang>/admin-setup.json says them.
 */
const link = z.string().refine((value) => value === '' || linkUrl.safeParse(value).success, 'url');
const localizedLink = z.strictObject({ ru: link.optional(), en: link.optional(), kz: link.optional(), ch: link.optional() });
const text = (max: number) => z.string().max(max, 'too-long');
const localizedText = (max: number) =>
  z.strictObject({ ru: text(max).optional(), en: text(max).optional(), kz: text(max).optional(), ch: text(max).optional() });
const boxWidth = z.number({ error: 'number' }).int('number').min(16, 'width').max(400, 'width');

/** setup.db.languages: a comma list of the storefront's language codes, each once. */
const languageList = z.string().refine((value) => {
  const codes = value.split(',').map((code) => code.trim());
  return codes.length > 0 && codes.every((code) => (LANGS as readonly string[]).includes(code)) && new Set(codes).size === codes.length;
}, 'languages');

export const setupEdit = z
  .object({
    app: z.object({
      language: z.enum(LANGS),
      title: z.object({ ru: z.string().trim().min(1, 'required').max(100, 'too-long'), en: text(100), kz: text(100), ch: text(100) }),
      logo: localizedLink,
      logo_mobile: localizedLink,
      logo_width: boxWidth,
      url_logo: link,
      url_lk: link,
      header: setup.shape.app.shape.header,
      header_background: z.string().regex(HEX_COLOUR, 'colour').refine(headerBackgroundReadable, 'contrast'),
      footer: setup.shape.app.shape.footer,
      scroll_top: setup.shape.app.shape.scroll_top,
      date: z.string().regex(/^(\d{4})?$/, 'year'),
      footer_url_site: link,
      footer_text_site: localizedText(100),
      footer_url_contacts: link,
      footer_url_agreement: link,
      footer_text: localizedText(500),
      footer_db_info: setup.shape.app.shape.footer_db_info,
      logo_footer: link,
      logo_footer_width: boxWidth,
      banner: localizedText(2000),
      order_return: setup.shape.app.shape.order_return,
      return_form_url: link,
    }),
    db: z.object({
      languages: languageList,
      info_client: localizedText(1000),
      info_contact: z.object({
        email: z
          .string()
          .trim()
          .refine((value) => value === '' || isValidEmail(value), 'email'),
        phone: z
          .string()
          .trim()
          .max(40, 'too-long')
          .regex(/^[\d\s()+-]*$/, 'phone'),
        requisites: localizedText(2000),
        pushkin_url: link,
        china_url: link,
      }),
      showproculture: setup.shape.db.shape.showproculture,
    }),
    topmenu: setup.shape.topmenu,
    menu_first_notimes: setup.shape.menu_first_notimes,
    tickets_image: setup.shape.tickets_image,
    tickets_col: setup.shape.tickets_col,
    tickets_description: setup.shape.tickets_description,
    tickets_action: setup.shape.tickets_action,
    tickets_address: setup.shape.tickets_address,
    subscription_image: setup.shape.subscription_image,
    subscription_col: setup.shape.subscription_col,
    subscription_description: setup.shape.subscription_description,
    subscription_action: setup.shape.subscription_action,
    subscription_address: setup.shape.subscription_address,
  })
  .superRefine((value, ctx) => {
    const offered = value.db.languages.split(',').map((code) => code.trim());
    if (!offered.includes(value.app.language)) ctx.addIssue({ code: 'custom', path: ['db', 'languages'], message: 'default-language' });
  });
export type SetupEdit = z.infer<typeof setupEdit>;

/** The keys the editor reads and writes, per level of the setup. */
export const SETUP_EDIT_KEYS = {
  app: Object.keys(setupEdit.shape.app.shape) as (keyof SetupEdit['app'])[],
  db: Object.keys(setupEdit.shape.db.shape) as (keyof SetupEdit['db'])[],
  top: Object.keys(setupEdit.shape).filter((key) => key !== 'app' && key !== 'db') as Exclude<keyof SetupEdit, 'app' | 'db'>[],
};

/** GET /api/admin/setup */
export const setupEditorResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  /** The setup in effect (defaults, the database, SETUP_FILE), the editable part; shaped as SetupEdit. */
  setup: z.record(z.string(), z.unknown()),
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Paths ('app.logo', 'db.info_contact') the server's SETUP_FILE sets: a save cannot change them. */
  fixedByFile: z.array(z.string()),
});

/** PUT /api/admin/setup */
export const setupSaveRequest = z.object({ revision: z.number().int().min(0), setup: setupEdit });
export const setupSavedResponse = z.object({ errorCode: z.literal('0'), errorText: z.string(), revision: z.number().int() });

type LocalizedLink = Partial<Record<(typeof LANGS)[number], string | undefined>>;

/**
 * The one picture every language shows, when the four languages' logos are the same or empty (an
 * empty one falls back to another language's, pickLocalized), so the page may offer one upload for
 * all; '' when none is set; undefined when languages show different pictures.
 */
export function oneLogoOf(logo: LocalizedLink | undefined): string | undefined {
  const set = new Set(LANGS.map((lang) => logo?.[lang] ?? '').filter((url) => url !== ''));
  if (set.size > 1) return undefined;
  return [...set][0] ?? '';
}

/** One logo set for every language, as the setup stores it. */
export const logoForEveryLang = (url: string): Record<(typeof LANGS)[number], string> => ({ ru: url, en: url, kz: url, ch: url });
