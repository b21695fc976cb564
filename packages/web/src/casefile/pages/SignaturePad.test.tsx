// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { drawStroke, fakeCanvas } from '../../testSupport/canvas.js';
import { SignaturePad } from './SignaturePad.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rotateTo = (width: number) => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  window.dispatchEvent(new Event('resize'));
};

describe('SignaturePad', () => {
  it('should redraw a drawing at its own aspect ratio after the phone is rotated, on a bitmap of the new size', () => {
    const canvas = fakeCanvas(340);
    const onPointsChange = vi.fn();
    render(<SignaturePad label="Unterschrift" invalid={false} typedName="" onPointsChange={onPointsChange} />);
    const pad = screen.getByTestId('signature-pad') as HTMLCanvasElement;
    drawStroke(pad, 12);
    expect([pad.width, pad.height]).toEqual([340, 180]);

    rotateTo(700);
    // The bitmap follows the wider pad; the drawing is copied back unstretched (340 × 180 stays 340 × 180).
    expect([pad.width, pad.height]).toEqual([700, 180]);
    expect(canvas.drawnImages.at(-1)).toMatchObject({ x: 0, y: 0, width: 340, height: 180 });

    rotateTo(350);
    // Narrower again: scaled down as a whole (700 × 180 → 350 × 90, centred in height), never squeezed sideways.
    expect(canvas.drawnImages.at(-1)).toMatchObject({ x: 0, y: 45, width: 350, height: 90 });
    // Still a signature: a rotation neither clears nor loses the points.
    expect(onPointsChange).not.toHaveBeenCalledWith(0);
  });

  it('should leave an untouched pad alone when its size did not change', () => {
    const canvas = fakeCanvas(340);
    render(<SignaturePad label="Unterschrift" invalid={false} typedName="" onPointsChange={() => undefined} />);
    drawStroke(screen.getByTestId('signature-pad'), 5);
    window.dispatchEvent(new Event('resize'));
    expect(canvas.drawnImages).toEqual([]);
  });
});
