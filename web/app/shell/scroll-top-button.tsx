import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 9: the button appears once the page has scrolled 400 px. */
export const SCROLL_TOP_THRESHOLD_PX = 400;

export function ScrollTopButton({ mainId }: { mainId: string }) {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('scrollTop')}
      onClick={() => {
        const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
        window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
        // The button disappears at the top; keep keyboard focus somewhere useful.
        document.getElementById(mainId)?.focus({ preventScroll: true });
      }}
    >
      <span className="scroll-top__arrow" aria-hidden="true" />
    </button>
  );
}
