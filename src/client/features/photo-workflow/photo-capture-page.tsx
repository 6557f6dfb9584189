// Placeholder until the screen lands (work in progress this session).
export function PhotoCapturePage() {
  return null;
}
