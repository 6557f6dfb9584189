/**
 * Where a long e-mail address may break: after the @ and after each dot, never inside a word
 * ("maria.gonzalez@" / "lakeside." / "com"). The screens put a <wbr> there, the PDF a line break.
 */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=[@.])/);
}
