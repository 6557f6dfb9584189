import { ScanBarcode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { VIN_LENGTH } from '#domain/vin.ts';

/** The Shape Detection API's barcode reader (Chrome on Android and others); not in every browser. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

/** The browser's BarcodeDetector where it has one and a camera to point. */
function barcodeDetector(): BarcodeReaderClass | null {
  if (typeof window === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return (window as unknown as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector ?? null;
}

/**
 * A VIN as the door-frame or windshield barcode carries it: Code 39 (often with a leading 'I' for
 * imports) or a 2D code holding more text; the first 17 VIN characters in a row.
 */
export function vinFromBarcode(raw: string): string | null {
  const text = raw.toUpperCase().replace(/[^A-Z0-9]/g, ' ');
  const match = text.match(/[A-HJ-NPR-Z0-9]{17}/);
  if (match) return match[0];
  const trimmed = text.replace(/\s+/g, '');
  return trimmed.length === VIN_LENGTH + 1 && trimmed.startsWith('I') ? trimmed.slice(1) : null;
}

/**
 * "Scan the VIN barcode": only where the browser can read barcodes (feature-detected; hidden
 * elsewhere, where typing the VIN is the way). Reads the rear camera until a VIN is seen.
 */
export function VinScanner({ onVin }: { onVin: (vin: string) => void }) {
  const t = useT();
  const [supported] = useState(() => barcodeDetector() !== null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!open || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['code_39', 'code_128', 'data_matrix', 'qr_code', 'pdf417'] });
    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        for (const code of await detector.detect(video.current)) {
          const vin = vinFromBarcode(code.rawValue);
          if (vin) {
            onVin(vin);
            setOpen(false);
            return;
          }
        }
      } catch {
        // A frame that was not ready yet: the next one is read.
      }
      timer = window.setTimeout(scan, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, onVin]);

  if (!supported) return null;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
      >
        <ScanBarcode aria-hidden="true" />
        {t('request.vehicle.scanVin')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('request.vehicle.scanVin')}</DialogTitle>
            <DialogDescription>
              {failed ? t('request.vehicle.scanFailed') : t('request.vehicle.scanIntro')}
            </DialogDescription>
          </DialogHeader>
          <video ref={video} muted playsInline className="aspect-video w-full rounded-md bg-slate-900" />
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t('request.vehicle.scanCancel')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
