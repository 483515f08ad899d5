import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollBehavior } from '../../lib/motion.ts';

/** The button appears once the page has scrolled 400 px. */
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
        window.scrollTo({ top: 0, behavior: scrollBehavior() });
        // The button disappears at the top; keep keyboard focus somewhere useful.
        document.getElementById(mainId)?.focus({ preventScroll: true });
      }}
    >
      <span className="scroll-top__arrow" aria-hidden="true" />
    </button>
  );
}
