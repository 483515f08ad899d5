import './seat-map.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemePrice } from '../../../contract/scheme.ts';
import { SeatMapView, type SeatPointer, ZOOM_MAX, ZOOM_MIN } from '../../lib/seat-map/seat-map-view.ts';
import type { SeatModel } from '../../lib/seat-map/seat-model.ts';
import { useSeatPlace } from './use-seat-place.ts';
import type { SeatLookup } from './seat-info.ts';
import { SeatCard } from './seat-card.tsx';

/** The tooltip shows after 1000 ms and hides 400 ms after the pointer leaves. */
const SHOW_DELAY_MS = 1000;
const HIDE_DELAY_MS = 400;
/** The popover is 250 x 150. */
const POPOVER_WIDTH = 250;
const POPOVER_HEIGHT = 150;

type Tip = { index: number; x: number; y: number; pinned: boolean };

type SeatMapProps = {
  model: SeatModel;
  svg: string;
  lookup: SeatLookup;
  selected: ReadonlySet<number>;
  /** Adds the seat at a price, or removes it (price undefined). */
  onToggle: (index: number, price: SchemePrice | undefined) => void;
  detailThreshold?: number | undefined;
  /** The seat card's remove button's text where the seats chosen are not a cart (an order's exchange). */
  removeText?: string | undefined;
};

/** The hall map: canvas, zoom controls, and a tooltip per seat (popover with a mouse, modal on touch). */
export function SeatMap({ model, svg, lookup, selected, onToggle, detailThreshold, removeText }: SeatMapProps) {
  const { t } = useTranslation('scheme');
  const place = useSeatPlace();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<SeatMapView | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [zoom, setZoom] = useState(1);
  const [tip, setTip] = useState<Tip | undefined>();
  const [touchSeat, setTouchSeat] = useState<number | undefined>();
  const timer = useRef<number | undefined>(undefined);
  // The latest props for the view's callbacks, which are bound once.
  const latest = useRef({ lookup, selected, onToggle });
  useEffect(() => {
    latest.current = { lookup, selected, onToggle };
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const boxPoint = (pointer: SeatPointer) => {
      const rect = boxRef.current?.getBoundingClientRect();
      return { x: pointer.clientX - (rect?.left ?? 0), y: pointer.clientY - (rect?.top ?? 0) };
    };
    const view = new SeatMapView(canvas, model, svg, {
      onZoom: setZoom,
      onHover(index, pointer) {
        window.clearTimeout(timer.current);
        if (index < 0) {
          timer.current = window.setTimeout(() => setTip((current) => (current?.pinned ? current : undefined)), HIDE_DELAY_MS);
          return;
        }
        const at = boxPoint(pointer);
        setTip((current) => (current?.pinned ? current : current ? { index, ...at, pinned: false } : current));
        timer.current = window.setTimeout(
          () => setTip((current) => (current?.pinned ? current : { index, ...at, pinned: false })),
          SHOW_DELAY_MS,
        );
      },
      onActivate(index, pointer) {
        const { lookup: info, selected: chosen, onToggle: toggle } = latest.current;
        window.clearTimeout(timer.current);
        if (pointer.pointerType !== 'mouse') {
          setTouchSeat(index);
          return;
        }
        const seat = info(index);
        if (chosen.has(index)) {
          toggle(index, undefined);
          return;
        }
        if (seat.free && seat.prices.length === 1) {
          toggle(index, seat.prices[0]);
          setTip(undefined);
          return;
        }
        setTip({ index, ...boxPoint(pointer), pinned: true });
      },
    });
    viewRef.current = view;
    return () => {
      window.clearTimeout(timer.current);
      view.destroy();
      viewRef.current = null;
    };
  }, [model, svg]);

  useEffect(() => {
    viewRef.current?.setSelected(selected);
  }, [selected, model]);

  useEffect(() => {
    if (detailThreshold !== undefined) viewRef.current?.setDetailThreshold(detailThreshold);
  }, [detailThreshold, model]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (touchSeat !== undefined && !dialog.open) dialog.showModal();
    if (touchSeat === undefined && dialog.open) dialog.close();
  }, [touchSeat]);

  const choose = (index: number, price: SchemePrice | undefined) => {
    onToggle(index, price);
    setTip(undefined);
    setTouchSeat(undefined);
  };

  // The seat's place; 'chosen' only for a seat in the cart.
  const seatName = (index: number) => (selected.has(index) ? t('seat.chosen', { place: place(lookup(index)) }) : place(lookup(index)));

  const boxWidth = boxRef.current?.clientWidth ?? 0;
  const popoverLeft = tip ? Math.max(0, Math.min(tip.x + 12, boxWidth - POPOVER_WIDTH)) : 0;
  const popoverTop = tip ? (tip.y > POPOVER_HEIGHT + 16 ? tip.y - POPOVER_HEIGHT - 12 : tip.y + 16) : 0;

  return (
    <div className="seat-map" ref={boxRef}>
      <div className="seat-map__zoom" role="group" aria-label={t('zoom.scale')}>
        {/* aria-disabled, not disabled: a zoom button pressed to its bound keeps the focus. */}
        <button
          type="button"
          className="seat-map__zoom-button"
          aria-label={t('zoom.in')}
          aria-disabled={zoom >= ZOOM_MAX || undefined}
          onClick={() => zoom < ZOOM_MAX && viewRef.current?.zoomBy(1.5)}
        >
          +
        </button>
        <output className="seat-map__scale" aria-live="polite" aria-label={t('zoom.scale')}>
          {Math.round(zoom * 100)}%
        </output>
        <button
          type="button"
          className="seat-map__zoom-button"
          aria-label={t('zoom.out')}
          aria-disabled={zoom <= ZOOM_MIN || undefined}
          onClick={() => zoom > ZOOM_MIN && viewRef.current?.zoomBy(1 / 1.5)}
        >
          −
        </button>
        <button type="button" className="seat-map__zoom-button" aria-label={t('zoom.reset')} onClick={() => viewRef.current?.fit()}>
          ⟲
        </button>
      </div>
      <canvas
        ref={canvasRef}
        className="seat-map__canvas"
        tabIndex={0}
        role="img"
        aria-label={t('map.label')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTip(undefined);
        }}
      />
      {tip && (
        <div
          className="seat-map__popover"
          role={tip.pinned ? 'dialog' : 'tooltip'}
          aria-label={seatName(tip.index)}
          style={{ left: popoverLeft, top: popoverTop, width: POPOVER_WIDTH, maxHeight: POPOVER_HEIGHT }}
          onPointerEnter={() => window.clearTimeout(timer.current)}
          onPointerLeave={() => {
            if (!tip.pinned) timer.current = window.setTimeout(() => setTip(undefined), HIDE_DELAY_MS);
          }}
        >
          <SeatCard
            info={lookup(tip.index)}
            chosen={selected.has(tip.index)}
            actions={tip.pinned}
            onChoose={(price) => choose(tip.index, price)}
            removeText={removeText}
          />
          {tip.pinned && (
            <button type="button" className="seat-map__popover-close" aria-label={t('seat.close')} onClick={() => setTip(undefined)}>
              ×
            </button>
          )}
        </div>
      )}
      <dialog
        ref={dialogRef}
        className="modal seat-map__modal"
        aria-label={touchSeat === undefined ? undefined : seatName(touchSeat)}
        onClose={() => setTouchSeat(undefined)}
      >
        {touchSeat !== undefined && (
          <>
            <SeatCard
              info={lookup(touchSeat)}
              chosen={selected.has(touchSeat)}
              actions
              onChoose={(price) => choose(touchSeat, price)}
              removeText={removeText}
            />
            <button type="button" className="button button--secondary" onClick={() => setTouchSeat(undefined)}>
              {t('seat.close')}
            </button>
          </>
        )}
      </dialog>
    </div>
  );
}
