import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { PaperSize } from '../../../../contract/admin/desk-tickets-rules.ts';
import type { DeskPrintResponse } from '../../../../contract/admin/desk-tickets.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { TicketSheet } from '../../../components/ticket-sheet/ticket-sheet.tsx';
import '../../../components/ticket-sheet/ticket-sheet.css';
import { PAGE_RULES } from './desk-paper.ts';
import './print-view.css';

/**
 * The printed tickets: the storefront's ticket template (TicketSheet) once per ticket, a page
 * each, outside the back office's shell so the print stylesheet shows only them. A reprint says
 * «Дубликат». The page rule is the desk's paper (80 mm roll or A4); the browser's own print
 * dialog prints it, no plugin.
 */
export function PrintView({ tickets, paper, lang }: { tickets: DeskPrintResponse['tickets']; paper: PaperSize; lang: Lang }) {
  const { t } = useTranslation('admin-print');
  return createPortal(
    <section className={`desk-print desk-print--${paper}`} aria-label={t('printView.label')}>
      <style>{PAGE_RULES[paper]}</style>
      {tickets.map((ticket) => (
        <div className="desk-print__page" key={ticket.ticketId}>
          <TicketSheet
            document={ticket.document}
            image={ticket.image}
            lang={lang}
            duplicate={ticket.duplicate}
            headingId={`desk-print-${ticket.ticketId}`}
          />
        </div>
      ))}
    </section>,
    document.body,
  );
}
