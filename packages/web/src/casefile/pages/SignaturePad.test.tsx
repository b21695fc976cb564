// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
  it('should keep a finger-drawn signature at its size and place through portrait → landscape → portrait (outside tester: it shrank to half per rotation)', () => {
    const canvas = fakeCanvas(340);
    const onPointsChange = vi.fn();
    render(<SignaturePad label="Unterschrift" invalid={false} typedName="" onPointsChange={onPointsChange} />);
    const pad = screen.getByTestId('signature-pad') as HTMLCanvasElement;
    drawStroke(pad, 12);
    const drawn = canvas.lines.splice(0);
    expect(drawn).toHaveLength(12);

    rotateTo(700);
    // The bitmap follows the wider pad, and the strokes are drawn again onto it at their own size and place.
    expect([pad.width, pad.height]).toEqual([700, 180]);
    expect(canvas.lines.splice(0)).toEqual(drawn);
    rotateTo(340);
    expect([pad.width, pad.height]).toEqual([340, 180]);
    expect(canvas.lines.splice(0)).toEqual(drawn);
    rotateTo(700);
    rotateTo(340);
    // However often: the same signature, never a copy of a copy (no bitmap copied back at all).
    expect(canvas.lines.splice(0)).toEqual([...drawn, ...drawn]);
    expect(canvas.drawnImages).toEqual([]);
    // Still a signature: a rotation neither clears nor loses the points.
    expect(onPointsChange).not.toHaveBeenCalledWith(0);
  });

  it('should scale a signature drawn across the landscape pad down as a whole in portrait, and back to its size in landscape', () => {
    const canvas = fakeCanvas(700);
    render(<SignaturePad label="Unterschrift" invalid={false} typedName="" onPointsChange={() => undefined} />);
    const pad = screen.getByTestId('signature-pad') as HTMLCanvasElement;
    fireEvent.pointerDown(pad, { pointerId: 1, buttons: 1, clientX: 20, clientY: 40 });
    fireEvent.pointerMove(pad, { pointerId: 1, buttons: 1, clientX: 676, clientY: 100 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    const drawn = canvas.lines.splice(0);
    expect(drawn.at(-1)).toEqual({ x: 676, y: 100 });

    rotateTo(340);
    // The ink reaches 676 px plus half its line width (700 / 300 × 1.1 for a finger): that much must fit into 340.
    const shown = canvas.lines.splice(0);
    const factor = 340 / (676 + ((700 / 300) * 1.1) / 2);
    expect(shown.at(-1)!.x).toBeCloseTo(676 * factor, 6);
    // One factor for both directions: the aspect ratio is kept.
    expect(shown.at(-1)!.y).toBeCloseTo(100 * factor, 6);
    expect(shown[0]!.x).toBeCloseTo(20 * factor, 1);

    rotateTo(700);
    expect(canvas.lines.splice(0)).toEqual(drawn);
  });

  it('should leave an untouched pad alone when its size did not change', () => {
    const canvas = fakeCanvas(340);
    render(<SignaturePad label="Unterschrift" invalid={false} typedName="" onPointsChange={() => undefined} />);
    drawStroke(screen.getByTestId('signature-pad'), 5);
    window.dispatchEvent(new Event('resize'));
    expect(canvas.drawnImages).toEqual([]);
  });
});
