import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SeatMark, SeatMapView, ZOOM_MAX, ZOOM_MIN } from '../../lib/seat-map/seat-map-view.ts';
import type { SeatModel } from '../../lib/seat-map/seat-model.ts';
import './hall-canvas.css';

type HallCanvasProps = {
  model: SeatModel;
  svg: string;
  label: string;
  describedBy?: string;
  /** A seat's colour instead of its zone's (its state). */
  colorOf?: (index: number) => string | undefined;
  /** A seat's state mark over its colour (repainted when either changes). */
  markOf?: (index: number) => SeatMark | undefined;
  selected?: ReadonlySet<number>;
  onActivate?: (index: number, add: boolean) => void;
  onBox?: (indices: number[]) => void;
  onHover?: (index: number) => void;
};

/**
 * A hall drawn by the storefront's own renderer (web/lib/seat-map), with its zoom buttons: the
 * halls pages and the box office draw with it. The
 * view is made once per model; the latest callbacks are read through a ref.
 */
export function HallCanvas({ model, svg, label, describedBy, colorOf, markOf, selected, onActivate, onBox, onHover }: HallCanvasProps) {
  const { t } = useTranslation('admin-halls');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<SeatMapView | null>(null);
  const [zoom, setZoom] = useState(1);
  const latest = useRef({ colorOf, markOf, onActivate, onBox, onHover });
  useEffect(() => {
    latest.current = { colorOf, markOf, onActivate, onBox, onHover };
  });
  const selectable = onActivate !== undefined;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const view = new SeatMapView(canvas, model, svg, {
      onZoom: setZoom,
      colorOf: (i) => latest.current.colorOf?.(i),
      markOf: (i) => latest.current.markOf?.(i),
      onActivate: (i, pointer) => latest.current.onActivate?.(i, pointer.shiftKey === true),
      onHover: (i) => latest.current.onHover?.(i),
      ...(selectable ? { onBox: (indices: number[]) => latest.current.onBox?.(indices) } : {}),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [model, svg, selectable]);

  useEffect(() => {
    viewRef.current?.setSelected(selected ?? []);
  }, [selected, model]);

  // Colours follow the states: the pre-rendered seat layer is drawn again, the zoom stays.
  useEffect(() => {
    viewRef.current?.repaint();
  }, [colorOf, markOf]);

  return (
    <div className="hall-canvas">
      <canvas ref={canvasRef} className="hall-canvas__canvas" tabIndex={0} role="img" aria-label={label} aria-describedby={describedBy} />
      <div className="hall-canvas__zoom" role="group" aria-label={t('map.scale')}>
        <button
          type="button"
          className="admin-button admin-button--plain"
          aria-label={t('map.zoomIn')}
          aria-disabled={zoom >= ZOOM_MAX || undefined}
          onClick={() => zoom < ZOOM_MAX && viewRef.current?.zoomBy(1.5)}
        >
          +
        </button>
        <output aria-live="polite" aria-label={t('map.scale')}>
          {Math.round(zoom * 100)}%
        </output>
        <button
          type="button"
          className="admin-button admin-button--plain"
          aria-label={t('map.zoomOut')}
          aria-disabled={zoom <= ZOOM_MIN || undefined}
          onClick={() => zoom > ZOOM_MIN && viewRef.current?.zoomBy(1 / 1.5)}
        >
          −
        </button>
        <button
          type="button"
          className="admin-button admin-button--plain"
          aria-label={t('map.zoomReset')}
          onClick={() => viewRef.current?.fit()}
        >
          ⟲
        </button>
      </div>
    </div>
  );
}
