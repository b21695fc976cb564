// A signature field for finger, pen and mouse (Pointer Events, no scrolling while drawing). Keyboard users
// type their name instead; it is written into the same field, so both give one PNG signature. The strokes are kept in
// the pad's CSS pixels as drawn, and every change of the pad's size (a rotated phone, another window width) draws
// them again onto the new bitmap – at their own size while they fit, else scaled down as a whole (core's
// `drawingScale`). Copying the old bitmap instead shrank the signature with each rotation, since the copy carried the
// landscape pad's empty width along. A kept drawing (the form's draft, a PNG) is drawn back as one more layer.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { drawingScale, type DrawnSignature } from '@rechtschat/core';

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL. */
  toDataUrl(): string;
  clear(): void;
}

export interface SignaturePadProps {
  readonly label: string;
  readonly describedBy?: string;
  readonly invalid: boolean;
  /** Shown in the field when set; drawing replaces it. */
  readonly typedName: string;
  /** A drawing to show when the pad opens (read once), e.g. from the form's draft; further strokes add to it. */
  readonly initialDrawing?: DrawnSignature | null;
  /** Number of points drawn so far (0 after clear or when a name is typed). */
  readonly onPointsChange: (points: number) => void;
}

const HEIGHT = 180;
const INK = '#14213d';

/** A point of a stroke in the drawing's CSS px (at scale 1) with the line width there. */
interface StrokePoint {
  readonly x: number;
  readonly y: number;
  readonly width: number;
}

/** A restored drawing (the draft's PNG) and its size in CSS px: its bitmap height is the pad's 180 px at its pixel ratio. */
interface Layer {
  readonly image: CanvasImageSource;
  readonly width: number;
  readonly height: number;
}

const pixelRatio = () => Math.min(2, window.devicePixelRatio || 1);

export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { label, describedBy, invalid, typedName, initialDrawing = null, onPointsChange },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const points = useRef(0);
  const last = useRef<StrokePoint | null>(null);
  const typedNameRef = useRef(typedName);
  typedNameRef.current = typedName;
  const initial = useRef(initialDrawing);
  /** What was drawn, as the source of every redraw: strokes in CSS px at scale 1, and a restored layer. */
  const strokes = useRef<StrokePoint[][]>([]);
  const layer = useRef<Layer | null>(null);
  /** CSS px of the drawing → CSS px of the pad, as now shown. */
  const scale = useRef(1);

  const context = () => canvas.current?.getContext('2d') ?? null;

  const reset = useCallback(() => {
    const el = canvas.current;
    const ctx = context();
    if (!el || !ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, el.width, el.height);
    points.current = 0;
  }, []);

  /** Forgets the drawing (cleared, or replaced by a typed name). */
  const forget = useCallback(() => {
    strokes.current = [];
    layer.current = null;
    scale.current = 1;
  }, []);

  /** Clears the pad and writes the typed name into it, sized by the bitmap. */
  const writeName = useCallback(
    (name: string) => {
      const el = canvas.current;
      const ctx = context();
      if (!el || !ctx) return;
      reset();
      forget();
      const size = Math.round(el.height * 0.32);
      ctx.fillStyle = INK;
      ctx.font = `italic ${size}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
      ctx.textBaseline = 'middle';
      ctx.fillText(name, el.width * 0.05, el.height * 0.55, el.width * 0.9);
    },
    [reset, forget],
  );

  /** One segment of a stroke onto the bitmap, from drawing px through the current scale and pixel ratio. */
  const segment = useCallback((from: StrokePoint, to: StrokePoint) => {
    const ctx = context();
    const el = canvas.current;
    if (!ctx || !el) return;
    const k = scale.current * (el.height / HEIGHT);
    ctx.strokeStyle = INK;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = to.width * k;
    ctx.beginPath();
    ctx.moveTo(from.x * k, from.y * k);
    ctx.lineTo(to.x * k + (from === to ? 0.01 : 0), to.y * k);
    ctx.stroke();
  }, []);

  /** Draws the kept drawing again onto the (new) bitmap: at its own size while it fits the pad, else scaled down. */
  const redraw = useCallback(() => {
    const el = canvas.current;
    const ctx = context();
    if (!el || !ctx) return;
    const kept = points.current;
    reset();
    points.current = kept;
    let right = layer.current?.width ?? 0;
    let bottom = layer.current?.height ?? 0;
    for (const stroke of strokes.current) {
      for (const p of stroke) {
        right = Math.max(right, p.x + p.width / 2);
        bottom = Math.max(bottom, p.y + p.width / 2);
      }
    }
    scale.current = drawingScale({ width: right, height: bottom }, { width: el.width / (el.height / HEIGHT), height: HEIGHT });
    const k = scale.current * (el.height / HEIGHT);
    if (layer.current) ctx.drawImage(layer.current.image, 0, 0, layer.current.width * k, layer.current.height * k);
    for (const stroke of strokes.current) stroke.forEach((p, i) => segment(stroke[i - 1] ?? p, p));
  }, [reset, segment]);

  // The bitmap follows the element's size and the screen's pixel ratio (at most 2, keeping the PNG small).
  const fit = useCallback(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = pixelRatio();
    el.width = Math.round(el.clientWidth * ratio);
    el.height = Math.round(HEIGHT * ratio);
    reset();
  }, [reset]);

  useEffect(() => {
    fit();
    const restored = initial.current;
    let open = true;
    if (restored) {
      // Counted at once, so neither a resize nor the empty typed name clears the pad while the image decodes.
      points.current = restored.points;
      const image = new Image();
      image.onload = () => {
        // Cleared or replaced by a typed name meanwhile: the kept drawing is no longer wanted.
        if (!open || points.current === 0 || typedNameRef.current.trim() !== '' || image.naturalHeight === 0) return;
        // Its bitmap is 180 px at the pixel ratio it was drawn with: that gives its size in CSS px.
        const cssPerPixel = HEIGHT / image.naturalHeight;
        layer.current = { image, width: image.naturalWidth * cssPerPixel, height: HEIGHT };
        // Strokes drawn before the image decoded stay on top of it.
        redraw();
      };
      image.src = restored.dataUrl;
    }
    // A rotated phone or resized window gets a bitmap of the new size (else the browser stretches the old one, and
    // strokes drawn afterwards are squeezed into it): a typed name is written again, the drawing drawn again from its
    // strokes, so neither the screen nor the PNG sent is distorted or shrunk.
    const refit = () => {
      const el = canvas.current;
      if (!el) return;
      const ratio = pixelRatio();
      if (Math.round(el.clientWidth * ratio) === el.width && Math.round(HEIGHT * ratio) === el.height) return;
      const name = typedNameRef.current.trim();
      const kept = points.current;
      fit();
      if (name !== '') writeName(name);
      else if (kept > 0) {
        points.current = kept;
        redraw();
      }
    };
    window.addEventListener('resize', refit);
    return () => {
      open = false;
      window.removeEventListener('resize', refit);
    };
  }, [fit, writeName, redraw]);

  useEffect(() => {
    if (typedName.trim() === '') {
      if (points.current === 0) {
        reset();
        forget();
      }
      return;
    }
    onPointsChange(0);
    writeName(typedName.trim());
  }, [typedName, reset, forget, writeName, onPointsChange]);

  useImperativeHandle(ref, () => ({
    // The bitmap as now drawn from the strokes at the pad's current size: what is sent and goes into the PDF.
    toDataUrl: () => canvas.current?.toDataURL('image/png') ?? '',
    clear: () => {
      reset();
      forget();
      onPointsChange(0);
    },
  }));

  /** The pointer in the drawing's CSS px: the pad's CSS px undone by the current scale. */
  const position = (event: React.PointerEvent<HTMLCanvasElement>, pressure: number): StrokePoint => {
    const el = event.currentTarget;
    const rect = el.getBoundingClientRect();
    const cssPerClient = rect.width > 0 ? el.clientWidth / rect.width : 1;
    const k = scale.current;
    return {
      x: ((event.clientX - rect.left) * cssPerClient) / k,
      y: ((event.clientY - rect.top) * cssPerClient) / k,
      // Pens report pressure; mouse and finger report 0.5 while pressed. As wide as before: 1/300 of the pad's width.
      width: ((el.clientWidth / 300) * (0.6 + (pressure || 0.5))) / k,
    };
  };

  const draw = (to: StrokePoint, startsStroke: boolean) => {
    if (startsStroke) strokes.current.push([to]);
    else strokes.current.at(-1)?.push(to);
    segment(last.current ?? to, to);
    last.current = to;
    points.current += 1;
  };

  return (
    <canvas
      ref={canvas}
      className="casefile-signature"
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      data-testid="signature-pad"
      onPointerDown={(e: React.PointerEvent<HTMLCanvasElement>) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        if (typedName.trim() !== '' && points.current === 0) {
          reset();
          forget();
        }
        last.current = null;
        draw(position(e, e.pressure), true);
      }}
      onPointerMove={(e: React.PointerEvent<HTMLCanvasElement>) => {
        if (last.current === null || e.buttons === 0) return;
        draw(position(e, e.pressure), false);
      }}
      onPointerUp={() => {
        last.current = null;
        onPointsChange(points.current);
      }}
      onPointerCancel={() => {
        last.current = null;
        onPointsChange(points.current);
      }}
      style={{ height: HEIGHT }}
    />
  );
});
