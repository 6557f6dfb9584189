/**
 * An ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally
 * (backslash is PostgreSQL's default LIKE escape character).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
