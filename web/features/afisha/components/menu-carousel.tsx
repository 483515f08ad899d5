import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MainMenuEntry } from '../../../../contract/afisha.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import { MENU_TILE_SIZES } from '../../../../contract/media.ts';
import { ResponsiveImage } from '../../../components/responsive-image/responsive-image.tsx';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { GridIcon } from './icons.tsx';

/** Slides per view by width (swiper breakpoints: 1 at 320, 2 at 480, 3 at 680, 4 at 768, 7 wide). */
function useSlidesPerView(): number {
  const wide = useMediaQuery('(min-width: 1200px)');
  const w1024 = useMediaQuery('(min-width: 1024px)');
  const w768 = useMediaQuery('(min-width: 768px)');
  const w680 = useMediaQuery('(min-width: 680px)');
  const w480 = useMediaQuery('(min-width: 480px)');
  if (wide) return 7;
  if (w1024) return 5;
  if (w768) return 4;
  if (w680) return 3;
  if (w480) return 2;
  return 1;
}

type Item = { id: number | undefined; name: string; image: string };

/**
 * The sub-menu carousel: "All" and the kind's menus. It moves 1 slide per step on narrow
 * screens and 2 on wide ones; a slide that gets keyboard focus is scrolled into view.
 */
export function MenuCarousel({
  menus,
  current,
  lang,
  onSelect,
}: {
  menus: MainMenuEntry[];
  current: number | undefined;
  lang: Lang;
  onSelect: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('afisha');
  const perView = useSlidesPerView();
  const [start, setStart] = useState(0);
  const items: Item[] = [
    { id: undefined, name: t('allMenus'), image: '' },
    ...menus.map((m) => ({ id: m.mainmenu_id, name: pickLocalized(m.name, lang), image: m.showimage ? m.image_url : '' })),
  ];
  const maxStart = Math.max(0, items.length - perView);
  const first = Math.min(start, maxStart);
  const step = perView >= 4 ? 2 : 1;
  const withImages = items.some((item) => item.image);

  const reveal = (index: number) => {
    if (index < first) setStart(index);
    else if (index >= first + perView) setStart(Math.min(maxStart, index - perView + 1));
  };

  return (
    <section className="afisha-menus" aria-label={t('menus')} style={{ '--slides': perView } as CSSProperties}>
      {maxStart > 0 && (
        <button
          type="button"
          className="afisha-menus__nav"
          aria-label={t('carouselPrev')}
          disabled={first === 0}
          onClick={() => setStart(Math.max(0, first - step))}
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <div className="afisha-menus__viewport">
        <ul className="afisha-menus__track" style={{ transform: `translateX(${(-100 * first) / perView}%)` }}>
          {items.map((item, index) => (
            <li key={item.id ?? 'all'} className="afisha-menus__slide">
              <button
                type="button"
                className={`afisha-menus__item${withImages ? ' afisha-menus__item--tile' : ''}`}
                aria-pressed={item.id === current}
                onClick={() => onSelect(item.id)}
                onFocus={() => reveal(index)}
              >
                {withImages && (
                  <span className="afisha-menus__image" aria-hidden="true">
                    {item.image ? (
                      <ResponsiveImage src={item.image} sizes={MENU_TILE_SIZES} alt="" loading="lazy" />
                    ) : (
                      item.id === undefined && <GridIcon />
                    )}
                  </span>
                )}
                <span className="afisha-menus__name">{item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {maxStart > 0 && (
        <button
          type="button"
          className="afisha-menus__nav"
          aria-label={t('carouselNext')}
          disabled={first >= maxStart}
          onClick={() => setStart(Math.min(maxStart, first + step))}
        >
          <span aria-hidden="true">›</span>
        </button>
      )}
    </section>
  );
}
