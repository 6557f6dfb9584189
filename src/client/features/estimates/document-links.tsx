import { FileText } from 'lucide-react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { cn } from '#client/lib/cn.ts';
import type { Estimate } from '#domain/estimate.ts';
import { documentRefusal, documentUrl, type RepairDocumentKind } from '#domain/repair-documents.ts';

/** The buttons' words; the customer's screens give them in the page's language. */
export type DocumentLinkLabels = Record<RepairDocumentKind | 'pdf', string>;

const ENGLISH: DocumentLinkLabels = {
  estimate: 'Download estimate',
  invoice: 'Download invoice',
  pdf: '(PDF)',
};

/** The written estimate and the invoice as PDFs, each offered once it exists. */
export function DocumentLinks({
  estimate,
  labels = ENGLISH,
  className,
}: {
  estimate: Estimate;
  labels?: DocumentLinkLabels;
  className?: string;
}) {
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
          {labels[kind]} <span className="sr-only">{labels.pdf}</span>
        </a>
      ))}
    </div>
  );
}
