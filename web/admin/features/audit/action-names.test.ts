import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../../contract/admin/audit-actions.ts';
import { LANGS, toBcp47 } from '../../../../contract/lang.ts';
import ch from '../../../locales/ch/admin.json' with { type: 'json' };
import en from '../../../locales/en/admin.json' with { type: 'json' };
import kz from '../../../locales/kz/admin.json' with { type: 'json' };
import ru from '../../../locales/ru/admin.json' with { type: 'json' };
import { actionChoices, actionName } from './action-names.ts';

async function adminT(lang: (typeof LANGS)[number]): Promise<TFunction<'admin'>> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: false,
    ns: ['admin'],
    defaultNS: 'admin',
    resources: { [lang]: { admin: { ru, en, kz, ch }[lang] } },
  });
  return instance.getFixedT(lang, 'admin');
}

describe('audit action names', () => {
  it.each(LANGS.map((lang) => ({ lang })))('$lang names every action the server writes, each differently', async ({ lang }) => {
    const t = await adminT(lang);
    const names = AUDIT_ACTIONS.map((action) => actionName(t, action));
    // i18next answers the key itself when a text is missing: a name must be a text of its own.
    expect(AUDIT_ACTIONS.filter((action, i) => !names[i]?.trim() || names[i]?.includes(action))).toEqual([]);
    expect(new Set(names).size).toBe(AUDIT_ACTIONS.length);
  });

  it('names an action in the member language and shows an unknown one as the log wrote it', async () => {
    const t = await adminT('ru');
    expect(actionName(t, 'catalog.tags.delete')).toBe('Удалён тег');
    expect(actionName(t, 'hall.seats-block')).toBe('Места заблокированы');
    expect(actionName(t, 'legacy.thing')).toBe('legacy.thing');
    expect(actionName(await adminT('en'), 'order.cancel')).toBe('Order cancelled');
  });

  it('offers every known action and any other the log holds, sorted by name', async () => {
    const t = await adminT('ru');
    const choices = actionChoices(t, ['order.cancel', 'legacy.thing'], toBcp47('ru'));
    expect(choices.map((c) => c.action).sort()).toEqual([...AUDIT_ACTIONS, 'legacy.thing'].sort());
    const names = choices.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
    expect(choices).toContainEqual({ action: 'hall.seats-unblock', name: 'Места разблокированы' });
  });
});
