// Placeholder until the screen lands (work in progress this session).
export function AdminCalendarPage() {
  return null;
}
