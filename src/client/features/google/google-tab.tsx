// Placeholder until the screen lands (work in progress this session).
export function GoogleTab() {
  return null;
}
