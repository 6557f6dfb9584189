import { FileText } from 'lucide-react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { cn } from '#client/lib/cn.ts';
import type { Estimate } from '#domain/estimate.ts';
import { documentRefusal, documentUrl, type RepairDocumentKind } from '#domain/repair-documents.ts';

const LABELS: Record<RepairDocumentKind, string> = {
  estimate: 'Download estimate',
  invoice: 'Download invoice',
};

/** The written estimate and the invoice as PDFs, each offered once it exists. */
export function DocumentLinks({ estimate, className }: { estimate: Estimate; className?: string }) {
  const kinds = (['estimate', 'invoice'] as const).filter((kind) => documentRefusal(kind, estimate) === null);
  if (kinds.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {kinds.map((kind) => (
        <a
          key={kind}
          href={documentUrl(estimate.id, kind)}
          download
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          <FileText aria-hidden="true" />
          {LABELS[kind]} <span className="sr-only">(PDF)</span>
        </a>
      ))}
    </div>
  );
}
