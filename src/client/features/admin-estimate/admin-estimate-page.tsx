// Placeholder until the screen lands (work in progress this session).
export function AdminEstimatePage() {
  return null;
}
