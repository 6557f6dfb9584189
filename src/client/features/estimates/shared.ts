// What the estimates feature offers the other features: the estimate queries (and the keys every
// change invalidates), and the pieces of a customer's estimate list.
export { estimateKey, estimateQuery, isEstimateMissing, useEstimate } from './api/get-estimate.ts';
export { estimatePageKey, estimatePageQuery, useEstimatePage } from './api/get-estimate-page.ts';
export { estimatesKey, estimatesQuery, useEstimates } from './api/get-estimates.ts';
export { DocumentLinks } from './document-links.tsx';
export { EstimateRow, SupplementAwaitingBadge } from './estimate-row.tsx';
export { EstimateThumbnail } from './estimate-thumbnail.tsx';
export { firstPayableEstimate } from './payable.ts';
