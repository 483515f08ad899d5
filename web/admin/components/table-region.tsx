import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The table's name (its caption); the region is called after it. */
  name: string;
  children: ReactNode;
};

/**
 * The box of every back-office table. A table wider than the screen scrolls inside it, never the
 * page; while it does, the box is a named region the keyboard can focus, so keyboard and
 * screen-reader users can reach the hidden columns and scroll to them. A table that fits adds
 * no tab stop and no landmark.
 */
export function TableRegion({ name, children }: Props) {
  const { t } = useTranslation('admin');
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div
      ref={box}
      className="admin-table-wrap"
      {...(scrolls ? { role: 'region', 'aria-label': t('tableRegion', { name }), tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}

/** Whether the box's content is wider than the box, followed as either one changes size. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    // A pixel of slack: sub-pixel widths round scrollWidth up.
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
