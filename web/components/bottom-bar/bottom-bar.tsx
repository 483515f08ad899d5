import { goToNextControl } from '../../lib/next-control.ts';
import './bottom-bar.css';

export type BottomBarProps = {
  /** What is chosen ('Выбрано билетов: 2') and its total; the bar is empty while nothing is. */
  chosen: { count: string; total: string } | undefined;
  /** The next step's button text. */
  action: string;
  /** The order form whose next control the button goes to (web/lib/next-control.ts)… */
  form: () => ParentNode | null | undefined;
  /** …or, while there is none yet, this element. */
  fallback?: () => HTMLElement | null | undefined;
};

/**
 * Below 600 px, a bar fixed to the window's bottom: what is chosen and the next step. It stays
 * mounted while it is empty, so that its live region exists before the first change it reads out;
 * the page's end gets its height as room, so it never covers the page's last controls (bottom-bar.css).
 */
export function BottomBar({ chosen, action, form, fallback }: BottomBarProps) {
  return (
    <div className="bottom-bar" data-open={chosen ? '' : undefined}>
      <p className="bottom-bar__summary" role="status">
        {chosen && (
          <>
            {/* The comma is heard, not seen: the total has a line of its own. */}
            {chosen.count}
            <span className="visually-hidden">, </span>
            <strong>{chosen.total}</strong>
          </>
        )}
      </p>
      {chosen && (
        <button
          type="button"
          className="button button--primary bottom-bar__action"
          onClick={() => goToNextControl(form() ?? null, fallback?.())}
        >
          {action}
        </button>
      )}
    </div>
  );
}
