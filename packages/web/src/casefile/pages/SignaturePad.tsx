// A signature field for finger, pen and mouse (Pointer Events, no scrolling while drawing). Keyboard users
// type their name instead; it is written into the same field, so both give one PNG signature. A kept drawing (the
// form's draft) is drawn back when the pad opens, scaled to the pad's current bitmap; so is the drawing after the pad
// changed size (a rotated phone), never stretched.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { fitDrawing, type DrawnSignature } from '@rechtschat/core';

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

/** A copy of the pad's bitmap, to draw back after the pad was resized. */
function copyOf(el: HTMLCanvasElement): HTMLCanvasElement {
  const copy = document.createElement('canvas');
  copy.width = el.width;
  copy.height = el.height;
  copy.getContext('2d')?.drawImage(el, 0, 0);
  return copy;
}

export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { label, describedBy, invalid, typedName, initialDrawing = null, onPointsChange },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const points = useRef(0);
  const last = useRef<{ x: number; y: number } | null>(null);
  const typedNameRef = useRef(typedName);
  typedNameRef.current = typedName;
  const initial = useRef(initialDrawing);

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

  /** Clears the pad and writes the typed name into it, sized by the bitmap. */
  const writeName = useCallback(
    (name: string) => {
      const el = canvas.current;
      const ctx = context();
      if (!el || !ctx) return;
      reset();
      const size = Math.round(el.height * 0.32);
      ctx.fillStyle = INK;
      ctx.font = `italic ${size}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
      ctx.textBaseline = 'middle';
      ctx.fillText(name, el.width * 0.05, el.height * 0.55, el.width * 0.9);
    },
    [reset],
  );

  // The bitmap follows the element's size and the screen's pixel ratio (at most 2, keeping the PNG small).
  const fit = useCallback(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
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
        const el = canvas.current;
        const ctx = context();
        // Cleared or replaced by a typed name meanwhile: the kept drawing is no longer wanted.
        if (!open || !el || !ctx || points.current === 0 || typedNameRef.current.trim() !== '') return;
        const at = fitDrawing({ width: image.naturalWidth, height: image.naturalHeight }, { width: el.width, height: el.height });
        // Multiply keeps strokes drawn before the image decoded (its white background leaves them as they are).
        ctx.globalCompositeOperation = 'multiply';
        ctx.drawImage(image, at.x, at.y, at.width, at.height);
        ctx.globalCompositeOperation = 'source-over';
      };
      image.src = restored.dataUrl;
    }
    // A rotated phone or resized window gets a bitmap of the new size (else the browser stretches the old one, and
    // strokes drawn afterwards are squeezed into it): a typed name is written again, a drawing is copied back as a
    // whole with its aspect ratio kept, so the PNG sent is never distorted.
    const refit = () => {
      const el = canvas.current;
      if (!el) return;
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      if (Math.round(el.clientWidth * ratio) === el.width && Math.round(HEIGHT * ratio) === el.height) return;
      const name = typedNameRef.current.trim();
      const kept = points.current;
      const copy = kept > 0 && name === '' ? copyOf(el) : null;
      fit();
      if (name !== '') writeName(name);
      else if (copy) {
        points.current = kept;
        const at = fitDrawing({ width: copy.width, height: copy.height }, { width: el.width, height: el.height });
        context()?.drawImage(copy, at.x, at.y, at.width, at.height);
      }
    };
    window.addEventListener('resize', refit);
    return () => {
      open = false;
      window.removeEventListener('resize', refit);
    };
  }, [fit, writeName]);

  useEffect(() => {
    if (typedName.trim() === '') {
      if (points.current === 0) reset();
      return;
    }
    onPointsChange(0);
    writeName(typedName.trim());
  }, [typedName, reset, writeName, onPointsChange]);

  useImperativeHandle(ref, () => ({
    toDataUrl: () => canvas.current?.toDataURL('image/png') ?? '',
    clear: () => {
      reset();
      onPointsChange(0);
    },
  }));

  const position = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const el = event.currentTarget;
    const rect = el.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * el.width, y: ((event.clientY - rect.top) / rect.height) * el.height };
  };

  const draw = (to: { x: number; y: number }, pressure: number) => {
    const ctx = context();
    const el = canvas.current;
    if (!ctx || !el) return;
    const from = last.current ?? to;
    ctx.strokeStyle = INK;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    // Pens report pressure; mouse and finger report 0.5 while pressed.
    ctx.lineWidth = (el.width / 300) * (0.6 + (pressure || 0.5));
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + (from === to ? 0.01 : 0), to.y);
    ctx.stroke();
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
        if (typedName.trim() !== '' && points.current === 0) reset();
        last.current = null;
        draw(position(e), e.pressure);
      }}
      onPointerMove={(e: React.PointerEvent<HTMLCanvasElement>) => {
        if (last.current === null || e.buttons === 0) return;
        draw(position(e), e.pressure);
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
