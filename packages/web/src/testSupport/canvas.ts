// jsdom has no canvas and decodes no images: a recording 2D context, a fixed pad width and an Image that "loads" at
// once let component tests draw a signature and see a kept drawing drawn back. Undo with vi.restoreAllMocks() and
// vi.unstubAllGlobals() (the no-op setPointerCapture, missing in jsdom, stays).
import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/** The PNG data URL every pad answers with (toDataURL). */
export const PAD_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export interface FakeCanvas {
  /** drawImage calls: the image's src and the target box. */
  readonly drawnImages: { src: string; x: number; y: number; width: number; height: number }[];
  /** Every stroke segment's end point on the bitmap (lineTo), in order. */
  readonly lines: { x: number; y: number }[];
}

/**
 * Stubs the canvas for one test: the pad is `padWidth` CSS px wide (pixel ratio 1 in jsdom), and every image is
 * `imageSize` px (e.g. a drawing kept on a screen with pixel ratio 2).
 */
export function fakeCanvas(padWidth = 340, imageSize = { width: 680, height: 360 }): FakeCanvas {
  const drawnImages: FakeCanvas['drawnImages'] = [];
  const lines: FakeCanvas['lines'] = [];
  const context = {
    setTransform: () => undefined,
    fillRect: () => undefined,
    fillText: () => undefined,
    beginPath: () => undefined,
    moveTo: () => undefined,
    lineTo: (x: number, y: number) => lines.push({ x, y }),
    stroke: () => undefined,
    drawImage: (image: { src: string }, x: number, y: number, width: number, height: number) => drawnImages.push({ src: image.src, x, y, width, height }),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PAD_PNG);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(padWidth);
  if (!('setPointerCapture' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'setPointerCapture', { value: () => undefined, configurable: true, writable: true });
  }
  class LoadingImage {
    onload: (() => void) | null = null;
    readonly naturalWidth = imageSize.width;
    readonly naturalHeight = imageSize.height;
    #src = '';
    get src() {
      return this.#src;
    }
    set src(value: string) {
      this.#src = value;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('Image', LoadingImage);
  return { drawnImages, lines };
}

/** One pointer stroke of `points` points over the pad (pointer down, moves, up). */
export function drawStroke(pad: HTMLElement, points = 12): void {
  fireEvent.pointerDown(pad, { pointerId: 1, buttons: 1, clientX: 10, clientY: 10 });
  for (let i = 1; i < points; i += 1) fireEvent.pointerMove(pad, { pointerId: 1, buttons: 1, clientX: 10 + i * 5, clientY: 10 + i * 2 });
  fireEvent.pointerUp(pad, { pointerId: 1 });
}
