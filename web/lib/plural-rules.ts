import type { i18n as I18n } from 'i18next';
import { LANGS, type Lang, toBcp47 } from '../../contract/lang.ts';

/**
 * i18next picks plural rules with Intl.PluralRules(lng); 'kz' and 'ch' are not Kazakh and
 * Chinese to Intl ('ch' is Chamorro, which has no rules, so a Chinese text with a count found no
 * key), which would otherwise use another locale's rules. Map them to kk and zh. Every app's
 * i18next instance (the storefront, the back office, the door) calls this after init.
 * `pluralResolver` is untyped (any) in i18next's typings.
 */
export function mapPluralRulesToBcp47(instance: I18n) {
  const resolver = instance.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule((LANGS as readonly string[]).includes(code) ? toBcp47(code as Lang) : code, options);
}
