// Placeholder until the screen lands (work in progress this session).
export function SubmissionReviewPage() {
  return null;
}
