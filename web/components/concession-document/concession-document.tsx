import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../contract/lang.ts';
import { useLang } from '../../lib/use-lang.ts';
import './concession-document.css';

type Props = {
  /** A concession category's document per language, as the server answers it (empty for an ordinary category). */
  document: Partial<Record<string, string>> | undefined;
  className?: string;
};

/**
 * "При входе предъявите: Студенческий билет": what a concession category's visitor shows at the
 * door, wherever the storefront names the category (the event page's prices, the seat map's
 * price choice, the order page's tickets). Nothing for an ordinary category.
 */
export function ConcessionDocument({ document, className }: Props) {
  const { t } = useTranslation('common');
  const text = pickLocalized(document, useLang());
  if (!text) return null;
  return <span className={`concession-document${className ? ` ${className}` : ''}`}>{t('concession.document', { document: text })}</span>;
}
