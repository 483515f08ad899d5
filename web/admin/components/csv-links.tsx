import { useTranslation } from 'react-i18next';
import { CSV_DIALECTS, type CsvDialect } from '../../../contract/admin/reports-rules.ts';

/**
 * A CSV file in both dialects: commas for most programs, semicolons and decimal commas for Excel
 * set up for Russian or Kazakh (which opens a comma file in one column).
 */
export function CsvLinks({
  label,
  href,
  className = 'admin-actions',
}: {
  label: string;
  href: (dialect: CsvDialect) => string;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <p className={className}>
      {CSV_DIALECTS.map((dialect) => (
        <a key={dialect} href={href(dialect)} download aria-label={`${label}: ${t(`csv.${dialect}`)}`}>
          {t(`csv.${dialect}`)}
        </a>
      ))}
    </p>
  );
}
