import { SELECTED_COLOR, TAKEN_COLOR } from './seat-colors.ts';
import { type SeatModel, forEachSeatIn, seatAt } from './seat-model.ts';

/** Zoom from 1 (the whole hall) to 24; seat numbers from 500 % (at most 2000). */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 24;
export const DETAIL_THRESHOLD_DEFAULT = 500;
export const DETAIL_THRESHOLD_MAX = 2000;

const LABEL_COLOR = '#ffffff';
const ROW_NUMBER_COLOR = '#5b6475';
/** Row numbers are written from 7 px (smaller cannot be read) and grow with the zoom up to 16 px. */
const ROW_NUMBER_MIN_PX = 7;
const ROW_NUMBER_MAX_PX = 16;
const LAYER_MAX_PX = 4096;
const CLICK_SLOP_PX = 5;

export type SeatPointer = { clientX: number; clientY: number; pointerType: string; shiftKey?: boolean };

export type SeatMapCallbacks = {
  /** The zoom changed (1–24). */
  onZoom?: (zoom: number) => void;
  /** A seat was clicked or tapped. */
  onActivate?: (index: number, pointer: SeatPointer) => void;
  /** The mouse rests on a seat (index), or left every seat (-1). */
  onHover?: (index: number, pointer: SeatPointer) => void;
  /** A seat's colour instead of its zone's or the taken grey (the back office colours seats by state). */
  colorOf?: (index: number) => string | undefined;
  /**
   * A white mark drawn over a seat, so that states differ by shape and not by colour alone (a
   * free seat's zone colour may be close to a state's): a ring, a dash or a cross. Drawn where
   * seats are large enough to be circles.
   */
  markOf?: (index: number) => SeatMark | undefined;
  /** Seats inside a box dragged with Shift held. Only when given: without it a drag always pans. */
  onBox?: (indices: number[]) => void;
};

export type SeatMark = 'ring' | 'dash' | 'cross';

type Benchmarked = { __seatMapBench?: boolean };

/**
 * Draws the hall on a canvas: the server's SVG as background, seats as circles coloured by zone
 * (grey when taken, dark when chosen). The whole-hall view uses a pre-rendered seat layer; zoomed
 * in, only the seats in view are drawn, found through the model's grid. Seat numbers appear from
 * the detail threshold on; row numbers, at both ends of each row, once they can be read. Wheel, drag, pinch and keys move the view; everything is redrawn at
 * most once per animation frame.
 */
export class SeatMapView {
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private model: SeatModel;
  private readonly callbacks: SeatMapCallbacks;
  private background: HTMLImageElement | undefined;
  private backgroundUrl: string | undefined;
  private layer: HTMLCanvasElement | undefined;
  private layerScale = 1;
  private selected = new Set<number>();
  private hovered = -1;
  private detailThreshold = DETAIL_THRESHOLD_DEFAULT;
  private cssWidth = 0;
  private cssHeight = 0;
  private dpr = 1;
  private zoom = 1;
  private tx = 0;
  private ty = 0;
  private frame = 0;
  private firstDrawn = false;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private gesture:
    | { startX: number; startY: number; moved: boolean; pinchDistance: number; pinchZoom: number; box?: { x: number; y: number } }
    | undefined;
  private readonly resizeObserver: ResizeObserver;
  private readonly abort = new AbortController();

  constructor(canvas: HTMLCanvasElement, model: SeatModel, svg: string, callbacks: SeatMapCallbacks = {}) {
    this.canvas = canvas;
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('2d canvas is not available');
    this.ctx = ctx;
    this.model = model;
    this.callbacks = callbacks;
    this.setBackground(svg);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.listen();
    this.resize();
  }

  destroy() {
    this.abort.abort();
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    if (this.backgroundUrl) URL.revokeObjectURL(this.backgroundUrl);
  }

  /** New availability or a new hall: the seat layer is rebuilt. */
  setModel(model: SeatModel, svg: string) {
    this.model = model;
    this.layer = undefined;
    this.setBackground(svg);
    this.fit();
  }

  /** Seat colours changed (colorOf answers differently now): the seat layer is redrawn, the view stays where it is. */
  repaint() {
    this.layer = undefined;
    this.requestDraw();
  }

  setSelected(indices: Iterable<number>) {
    this.selected = new Set(indices);
    this.requestDraw();
  }

  setDetailThreshold(percent: number) {
    this.detailThreshold = Math.min(DETAIL_THRESHOLD_MAX, Math.max(100, percent));
    this.requestDraw();
  }

  getZoom() {
    return this.zoom;
  }

  /** Zooms by a factor about a point of the canvas (CSS px), or about its centre. */
  zoomBy(factor: number, atX = this.cssWidth / 2, atY = this.cssHeight / 2) {
    this.zoomTo(this.zoom * factor, atX, atY);
  }

  zoomTo(zoom: number, atX = this.cssWidth / 2, atY = this.cssHeight / 2) {
    const next = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
    const before = this.scale();
    const hallX = (atX - this.tx) / before;
    const hallY = (atY - this.ty) / before;
    this.zoom = next;
    const after = this.scale();
    this.tx = atX - hallX * after;
    this.ty = atY - hallY * after;
    this.clampPan();
    this.callbacks.onZoom?.(this.zoom);
    this.requestDraw();
  }

  panBy(dx: number, dy: number) {
    this.tx += dx;
    this.ty += dy;
    this.clampPan();
    this.requestDraw();
  }

  /** Back to the whole hall, centred. */
  fit() {
    this.zoom = 1;
    const scale = this.scale();
    this.tx = (this.cssWidth - this.model.width * scale) / 2;
    this.ty = (this.cssHeight - this.model.height * scale) / 2;
    this.callbacks.onZoom?.(this.zoom);
    this.requestDraw();
  }

  /** Centres a seat in view, zoomed in far enough to tell it from its neighbours. */
  focusSeat(index: number) {
    const x = this.model.xs[index];
    const y = this.model.ys[index];
    if (x === undefined || y === undefined) return;
    this.zoom = Math.max(this.zoom, Math.min(ZOOM_MAX, this.detailThreshold / 100));
    const scale = this.scale();
    this.tx = this.cssWidth / 2 - x * scale;
    this.ty = this.cssHeight / 2 - y * scale;
    this.clampPan();
    this.callbacks.onZoom?.(this.zoom);
    this.requestDraw();
  }

  /** Where a seat is on screen (client px), for placing its popover. */
  seatClientPoint(index: number): { x: number; y: number } | undefined {
    const x = this.model.xs[index];
    const y = this.model.ys[index];
    if (x === undefined || y === undefined) return undefined;
    const rect = this.canvas.getBoundingClientRect();
    const scale = this.scale();
    return { x: rect.left + this.tx + x * scale, y: rect.top + this.ty + y * scale };
  }

  private fitScale() {
    const w = this.model.width;
    const h = this.model.height;
    if (this.cssWidth === 0 || this.cssHeight === 0) return 1;
    return Math.min(this.cssWidth / w, this.cssHeight / h) * 0.96;
  }

  private scale() {
    return this.fitScale() * this.zoom;
  }

  private clampPan() {
    // The hall may move until its edge reaches the middle of the view, never out of sight.
    const scale = this.scale();
    const w = this.model.width * scale;
    const h = this.model.height * scale;
    const cx = this.cssWidth / 2;
    const cy = this.cssHeight / 2;
    this.tx = Math.min(cx, Math.max(cx - w, this.tx));
    this.ty = Math.min(cy, Math.max(cy - h, this.ty));
  }

  private setBackground(svg: string) {
    if (this.backgroundUrl) URL.revokeObjectURL(this.backgroundUrl);
    this.background = undefined;
    this.backgroundUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      this.background = image;
      this.requestDraw();
    };
    image.src = this.backgroundUrl;
  }

  private resize() {
    const rect = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(rect.width));
    const height = Math.max(1, Math.round(rect.height));
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    if (width === this.cssWidth && height === this.cssHeight && dpr === this.dpr) return;
    const first = this.cssWidth === 0;
    const centre = first
      ? undefined
      : { x: (this.cssWidth / 2 - this.tx) / this.scale(), y: (this.cssHeight / 2 - this.ty) / this.scale() };
    this.cssWidth = width;
    this.cssHeight = height;
    this.dpr = dpr;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.layer = undefined;
    if (!centre) {
      this.fit();
      return;
    }
    const scale = this.scale();
    this.tx = width / 2 - centre.x * scale;
    this.ty = height / 2 - centre.y * scale;
    this.clampPan();
    this.draw();
  }

  requestDraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** The whole-hall seat layer at about twice the fitted size, drawn once per availability change. */
  private seatLayer(): HTMLCanvasElement {
    if (this.layer) return this.layer;
    const { width, height } = this.model;
    const scale = Math.min(this.fitScale() * this.dpr * 2, LAYER_MAX_PX / width, LAYER_MAX_PX / height);
    const layer = document.createElement('canvas');
    layer.width = Math.max(1, Math.ceil(width * scale));
    layer.height = Math.max(1, Math.ceil(height * scale));
    const ctx = layer.getContext('2d');
    if (ctx) {
      ctx.scale(scale, scale);
      this.drawSeats(ctx, 0, 0, width, height, scale, false, false);
    }
    this.layer = layer;
    this.layerScale = scale;
    return layer;
  }

  private draw() {
    const bench = (globalThis as Benchmarked).__seatMapBench === true;
    const started = bench ? performance.now() : 0;
    const { ctx, dpr } = this;
    const scale = this.scale();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.cssWidth, this.cssHeight);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, dpr * this.tx, dpr * this.ty);
    if (this.background) ctx.drawImage(this.background, 0, 0, this.model.width, this.model.height);

    const x0 = -this.tx / scale;
    const y0 = -this.ty / scale;
    const x1 = x0 + this.cssWidth / scale;
    const y1 = y0 + this.cssHeight / scale;
    const detail = this.zoom * 100 >= this.detailThreshold;
    const layer = this.seatLayer();
    if (!detail && scale * dpr <= this.layerScale * 1.25) {
      ctx.drawImage(layer, 0, 0, this.model.width, this.model.height);
    } else {
      this.drawSeats(ctx, x0, y0, x1, y1, scale * dpr, detail, true);
    }
    this.drawRowNumbers(ctx, x0, y0, x1, y1, scale);
    this.drawChosen(ctx, detail);
    this.drawBox();
    if (!this.firstDrawn) {
      this.firstDrawn = true;
      performance.mark('seatmap:first-draw');
    }
    if (bench) performance.measure('seatmap:draw', { start: started, end: performance.now() });
  }

  private drawSeats(
    ctx: CanvasRenderingContext2D,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    pxPerUnit: number,
    labels: boolean,
    culled: boolean,
  ) {
    const m = this.model;
    const r = m.size * 0.42;
    // Circles where a seat is a few pixels wide; squares (much cheaper) where it is a dot.
    const round = r * pxPerUnit >= 2.5;
    const groups = new Map<string, number[]>();
    const add = (i: number) => {
      const x = m.xs[i] ?? 0;
      const y = m.ys[i] ?? 0;
      if (culled && (x < x0 - r || x > x1 + r || y < y0 - r || y > y1 + r)) return;
      const color = this.callbacks.colorOf?.(i) ?? (m.free[i] ? (m.zoneColors[m.zone[i] ?? 0] ?? TAKEN_COLOR) : TAKEN_COLOR);
      let group = groups.get(color);
      if (!group) groups.set(color, (group = []));
      group.push(i);
    };
    if (culled) forEachSeatIn(m, x0, y0, x1, y1, add);
    else for (let i = 0; i < m.count; i++) add(i);
    for (const [color, seats] of groups) {
      ctx.fillStyle = color;
      ctx.beginPath();
      for (const i of seats) {
        const x = m.xs[i] ?? 0;
        const y = m.ys[i] ?? 0;
        if (round) {
          ctx.moveTo(x + r, y);
          ctx.arc(x, y, r, 0, Math.PI * 2);
        } else ctx.rect(x - r, y - r, 2 * r, 2 * r);
      }
      ctx.fill();
    }
    if (round && this.callbacks.markOf) this.drawMarks(ctx, r, groups.values(), this.callbacks.markOf);
    if (labels) {
      const selected = this.selected;
      // Free seats not chosen: a chosen seat's label is drawn over its own mark (drawChosen).
      function* free() {
        for (const seats of groups.values()) for (const i of seats) if (m.free[i] && !selected.has(i)) yield i;
      }
      this.drawLabels(ctx, r, free());
    }
  }

  /** The state marks of the seats that have one, in white over their circles. */
  private drawMarks(ctx: CanvasRenderingContext2D, r: number, groups: Iterable<number[]>, markOf: (index: number) => SeatMark | undefined) {
    const m = this.model;
    const paths: Record<SeatMark, Path2D> = { ring: new Path2D(), dash: new Path2D(), cross: new Path2D() };
    const d = r * 0.5;
    let any = false;
    for (const seats of groups) {
      for (const i of seats) {
        const mark = markOf(i);
        if (!mark) continue;
        any = true;
        const x = m.xs[i] ?? 0;
        const y = m.ys[i] ?? 0;
        const path = paths[mark];
        if (mark === 'ring') {
          path.moveTo(x + d, y);
          path.arc(x, y, d, 0, Math.PI * 2);
        } else if (mark === 'dash') {
          path.moveTo(x - d, y);
          path.lineTo(x + d, y);
        } else {
          path.moveTo(x - d, y - d);
          path.lineTo(x + d, y + d);
          path.moveTo(x + d, y - d);
          path.lineTo(x - d, y + d);
        }
      }
    }
    if (!any) return;
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = r * 0.28;
    ctx.lineCap = 'round';
    ctx.fill(paths.ring);
    ctx.stroke(paths.dash);
    ctx.stroke(paths.cross);
    ctx.restore();
  }

  /** Each seat's label in its circle, at the size of a seat of radius `r`. */
  private drawLabels(ctx: CanvasRenderingContext2D, r: number, seats: Iterable<number>) {
    const m = this.model;
    ctx.fillStyle = LABEL_COLOR;
    ctx.font = `${(r * 0.95).toFixed(2)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const i of seats) ctx.fillText(m.labels[i] ?? '', m.xs[i] ?? 0, (m.ys[i] ?? 0) + r * 0.05, r * 1.8);
  }

  /** One label per row end in view: a few hundred at most, against thousands of seats. */
  private drawRowNumbers(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, scale: number) {
    const m = this.model;
    const px = Math.min(m.size * scale * 0.7, ROW_NUMBER_MAX_PX);
    if (px < ROW_NUMBER_MIN_PX) return;
    ctx.fillStyle = ROW_NUMBER_COLOR;
    ctx.font = `600 ${(px / scale).toFixed(2)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const ends = m.rowEnds;
    const margin = m.size;
    for (let r = 0; r < m.rows.length; r++) {
      const label = m.rows[r]?.row ?? '';
      for (let k = r * 4; k < r * 4 + 4; k += 2) {
        const x = ends[k] ?? 0;
        const y = ends[k + 1] ?? 0;
        if (x < x0 - margin || x > x1 + margin || y < y0 - margin || y > y1 + margin) continue;
        ctx.fillText(label, x, y, m.size * 1.6);
      }
    }
  }

  private drawChosen(ctx: CanvasRenderingContext2D, labels: boolean) {
    const m = this.model;
    const r = m.size * 0.42;
    if (this.selected.size > 0) {
      ctx.fillStyle = SELECTED_COLOR;
      ctx.beginPath();
      for (const i of this.selected) {
        const x = m.xs[i] ?? 0;
        const y = m.ys[i] ?? 0;
        ctx.moveTo(x + r * 1.1, y);
        ctx.arc(x, y, r * 1.1, 0, Math.PI * 2);
      }
      ctx.fill();
      if (labels) this.drawLabels(ctx, r, this.selected);
    }
    if (this.hovered >= 0) {
      ctx.strokeStyle = SELECTED_COLOR;
      ctx.lineWidth = r * 0.25;
      ctx.beginPath();
      ctx.arc(m.xs[this.hovered] ?? 0, m.ys[this.hovered] ?? 0, r * 1.25, 0, Math.PI * 2);
      ctx.stroke();
    }
  }

  private drawBox() {
    const box = this.gesture?.box;
    if (!box) return;
    const rect = this.canvas.getBoundingClientRect();
    const { ctx, dpr } = this;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.strokeStyle = SELECTED_COLOR;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    const x0 = (this.gesture?.startX ?? 0) - rect.left;
    const y0 = (this.gesture?.startY ?? 0) - rect.top;
    ctx.strokeRect(x0, y0, box.x - rect.left - x0, box.y - rect.top - y0);
    ctx.setLineDash([]);
  }

  /** The seats inside the box between two client points. */
  private seatsInBox(ax: number, ay: number, bx: number, by: number): number[] {
    const a = this.hallPoint(ax, ay);
    const b = this.hallPoint(bx, by);
    const x0 = Math.min(a.x, b.x);
    const x1 = Math.max(a.x, b.x);
    const y0 = Math.min(a.y, b.y);
    const y1 = Math.max(a.y, b.y);
    const found: number[] = [];
    forEachSeatIn(this.model, x0, y0, x1, y1, (i) => {
      const x = this.model.xs[i] ?? 0;
      const y = this.model.ys[i] ?? 0;
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) found.push(i);
    });
    return found;
  }

  private hallPoint(clientX: number, clientY: number) {
    const rect = this.canvas.getBoundingClientRect();
    const scale = this.scale();
    return { x: (clientX - rect.left - this.tx) / scale, y: (clientY - rect.top - this.ty) / scale };
  }

  private listen() {
    const { canvas } = this;
    const signal = this.abort.signal;
    canvas.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        const rect = canvas.getBoundingClientRect();
        // Trackpad pinches arrive as wheel events with ctrlKey and small deltas.
        const speed = event.ctrlKey ? 0.01 : 0.0015;
        const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
        this.zoomBy(Math.exp(-delta * speed), event.clientX - rect.left, event.clientY - rect.top);
      },
      { passive: false, signal },
    );
    canvas.addEventListener(
      'pointerdown',
      (event) => {
        try {
          canvas.setPointerCapture(event.pointerId);
        } catch {
          // A pointer the browser no longer tracks (or a scripted one) simply is not captured.
        }
        this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (this.pointers.size === 1) {
          this.gesture = { startX: event.clientX, startY: event.clientY, moved: false, pinchDistance: 0, pinchZoom: this.zoom };
          if (this.callbacks.onBox && event.shiftKey && event.pointerType === 'mouse')
            this.gesture.box = { x: event.clientX, y: event.clientY };
        } else if (this.pointers.size === 2 && this.gesture) {
          const [a, b] = [...this.pointers.values()];
          this.gesture.moved = true;
          this.gesture.pinchDistance = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
          this.gesture.pinchZoom = this.zoom;
        }
      },
      { signal },
    );
    canvas.addEventListener(
      'pointermove',
      (event) => {
        const previous = this.pointers.get(event.pointerId);
        if (!previous || !this.gesture) {
          if (event.pointerType === 'mouse') this.hover(event);
          return;
        }
        this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (this.pointers.size >= 2) {
          const [a, b] = [...this.pointers.values()];
          if (!a || !b || this.gesture.pinchDistance === 0) return;
          const rect = canvas.getBoundingClientRect();
          const distance = Math.hypot(a.x - b.x, a.y - b.y);
          const midX = (a.x + b.x) / 2 - rect.left;
          const midY = (a.y + b.y) / 2 - rect.top;
          this.zoomTo(this.gesture.pinchZoom * (distance / this.gesture.pinchDistance), midX, midY);
          return;
        }
        if (!this.gesture.moved && Math.hypot(event.clientX - this.gesture.startX, event.clientY - this.gesture.startY) < CLICK_SLOP_PX)
          return;
        this.gesture.moved = true;
        if (this.gesture.box) {
          this.gesture.box = { x: event.clientX, y: event.clientY };
          this.requestDraw();
          return;
        }
        this.panBy(event.clientX - previous.x, event.clientY - previous.y);
      },
      { signal },
    );
    const end = (event: PointerEvent, cancelled: boolean) => {
      if (!this.pointers.has(event.pointerId)) return;
      this.pointers.delete(event.pointerId);
      const gesture = this.gesture;
      if (this.pointers.size > 0) return;
      this.gesture = undefined;
      if (gesture?.box && gesture.moved) {
        this.requestDraw();
        if (!cancelled) this.callbacks.onBox?.(this.seatsInBox(gesture.startX, gesture.startY, event.clientX, event.clientY));
        return;
      }
      if (cancelled || !gesture || gesture.moved) return;
      const point = this.hallPoint(event.clientX, event.clientY);
      const index = seatAt(this.model, point.x, point.y, event.pointerType === 'mouse' ? 0.5 : 0.9);
      if (index >= 0)
        this.callbacks.onActivate?.(index, {
          clientX: event.clientX,
          clientY: event.clientY,
          pointerType: event.pointerType,
          shiftKey: event.shiftKey,
        });
    };
    canvas.addEventListener('pointerup', (event) => end(event, false), { signal });
    canvas.addEventListener('pointercancel', (event) => end(event, true), { signal });
    canvas.addEventListener(
      'pointerleave',
      (event) => {
        if (event.pointerType === 'mouse' && this.hovered >= 0) {
          this.hovered = -1;
          this.callbacks.onHover?.(-1, { clientX: event.clientX, clientY: event.clientY, pointerType: 'mouse' });
          this.requestDraw();
        }
      },
      { signal },
    );
    canvas.addEventListener(
      'keydown',
      (event) => {
        const step = 60;
        const actions: Record<string, () => void> = {
          '+': () => this.zoomBy(1.5),
          '=': () => this.zoomBy(1.5),
          '-': () => this.zoomBy(1 / 1.5),
          '0': () => this.fit(),
          ArrowLeft: () => this.panBy(step, 0),
          ArrowRight: () => this.panBy(-step, 0),
          ArrowUp: () => this.panBy(0, step),
          ArrowDown: () => this.panBy(0, -step),
        };
        const action = actions[event.key];
        if (!action) return;
        event.preventDefault();
        action();
      },
      { signal },
    );
  }

  private hover(event: PointerEvent) {
    const point = this.hallPoint(event.clientX, event.clientY);
    const index = seatAt(this.model, point.x, point.y);
    this.canvas.style.cursor = index >= 0 && this.model.free[index] ? 'pointer' : 'grab';
    if (index === this.hovered) return;
    this.hovered = index;
    this.callbacks.onHover?.(index, { clientX: event.clientX, clientY: event.clientY, pointerType: 'mouse' });
    this.requestDraw();
  }
}
