// What the repair-timeline feature offers the other features: the customer's view of a repair in
// progress (timeline, promised date), data in, nothing fetched.
export { PromisedDate } from './promised-date.tsx';
export { RepairTimeline } from './repair-timeline.tsx';
export { type PhotoView, type PhotoViewOf, signedInPhotoView } from './timeline-view.ts';
