import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical WCAG 2.1 A/AA findings in `selector` (or the whole page), each as its rule, what it
 * asks and up to five of the elements that break it. axe runs in the page itself (and its frames): the
 * default merges frame results in a blank page it opens for each check, which took more than half of
 * every check's time here. `skipRules` leaves rules out by id.
 */
export async function seriousViolations(
  page: Page,
  selector?: string,
  skipRules: string[] = [],
): Promise<string[]> {
  let axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(skipRules)
    .setLegacyMode(true)
    .options({
      // Only violations are read: axe then skips describing every element that passed.
      resultTypes: ['violations'],
      // A WCAG 2.1 A rule that axe still marks experimental, so leaves out unless asked (2.5.3: a
      // control's spoken name contains its visible label).
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
  if (selector) axe = axe.include(selector);
  const { violations } = await axe.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}  ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n      …and ${violation.nodes.length - 5} more` : '';
      return `${violation.id} (${violation.impact}) ${violation.help}\n${targets}${more}`;
    });
}
