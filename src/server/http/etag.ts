/** If-None-Match holds this tag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
