import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '#client/components/ui/button.tsx';
import { useT } from '#client/i18n/use-t.ts';

/** Device pixels per CSS pixel, 1 to 3: sharp strokes without an oversized PNG. */
const pixelRatio = () => Math.min(Math.max(window.devicePixelRatio || 1, 1), 3);

/**
 * The box the customer signs in with a finger (or a mouse), drawn by signature_pad. The canvas is
 * sized to the device's pixels so the stroke is sharp; `onChange` gets the PNG data URL after each
 * stroke, or null once cleared. A resize keeps the strokes where they were (not stretched) while they fit.
 */
export function SignatureField({
  id,
  error,
  onChange,
}: {
  id: string;
  error?: string | undefined;
  onChange: (dataUrl: string | null) => void;
}) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#0f172a', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const ended = () => changeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    const fitCanvas = () => {
      // Resizing a canvas wipes it: the strokes are drawn again, where they were, so a scroll bar that
      // comes or goes as a message appears under the box does not erase a signature. One the smaller
      // box would cut off is cleared instead, and the page asks for it again: a clipped signature
      // must not be sent.
      const strokes = pad.toData();
      const fits = strokes.every(({ points }) =>
        points.every(({ x, y }) => x <= canvas.offsetWidth && y <= canvas.offsetHeight),
      );
      const ratio = pixelRatio();
      canvas.width = Math.round(canvas.offsetWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (fits) pad.fromData(strokes);
      ended();
    };
    fitCanvas();
    pad.addEventListener('endStroke', ended);
    const observer = new ResizeObserver(() => {
      // Hidden (React hides a page with `display: none` while a part of it loads): there is no size to
      // fit to, and the strokes, kept in the canvas meanwhile, are there again when it shows.
      if (canvas.offsetWidth === 0 || canvas.offsetHeight === 0) return;
      if (canvas.width !== Math.round(canvas.offsetWidth * pixelRatio())) fitCanvas();
    });
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
    };
  }, []);

  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
        {t('estimate.authorize.signatureLabel')}
      </p>
      <canvas
        ref={canvasRef}
        id={id}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? errorId : undefined}
        className="block h-44 w-full touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white"
      />
      <div className="flex items-center justify-between gap-3">
        {error ? (
          <p id={errorId} className="text-sm font-medium text-brand-700">
            {error}
          </p>
        ) : (
          <span />
        )}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            padRef.current?.clear();
            onChange(null);
          }}
        >
          {t('estimate.authorize.clear')}
        </Button>
      </div>
    </div>
  );
}
