import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, isAuditAction } from '../../../../contract/admin/audit-actions.ts';

/** An action in the member's language; one the back office has no name for (an older log's) shows as written. */
export function actionName(t: TFunction<'admin'>, action: string): string {
  return isAuditAction(action) ? t(`audit.actions.${action}`) : action;
}

/** Every known action and any other the log holds, by name in the member's language. */
export function actionChoices(t: TFunction<'admin'>, logged: readonly string[], lang: string): Array<{ action: string; name: string }> {
  const actions = [...new Set([...AUDIT_ACTIONS, ...logged])];
  const collator = new Intl.Collator(lang);
  return actions.map((action) => ({ action, name: actionName(t, action) })).sort((a, b) => collator.compare(a.name, b.name));
}
