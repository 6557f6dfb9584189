import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A/AA, and a 2.1 A rule that axe still marks experimental, so leaves out unless asked. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const EXPERIMENTAL_RULES = { 'label-content-name-mismatch': { enabled: true } }; // 2.5.3: the spoken name contains the visible label

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
  count: number;
}

/**
 * Serious or critical WCAG 2.1 A/AA findings in `selector` (or the whole page), each as its rule, what it
 * asks and up to five of the elements that break it. `skipRules` leaves rules out by id.
 *
 * axe is put in the page once per document (a second width of the same page reuses it) and only the
 * serious findings come back: @axe-core/playwright injected axe's 550 KB again for every check and
 * sent back every result axe has (the incomplete ones with all their elements), which cost each check
 * more than axe's own audit (measured: 0.54 s of 0.96 s per check). The app's pages have no frames.
 */
export async function seriousViolations(
  page: Page,
  selector?: string,
  skipRules: string[] = [],
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await untilTransitionsEnd(page);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_21_AA },
    rules: {
      ...EXPERIMENTAL_RULES,
      ...Object.fromEntries(skipRules.map((id) => [id, { enabled: false }])),
    },
    // Only violations are read: axe then skips describing every element that passed.
    resultTypes: ['violations'],
    iframes: false,
  };
  const findings = await page.evaluate(
    async ({ selector, options }) => {
      const axe = (
        window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }
      ).axe;
      const { violations } = await axe.run(selector ? { include: [selector] } : document, options);
      return violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation): Finding => ({
            id: violation.id,
            impact: violation.impact ?? '',
            help: violation.help,
            nodes: violation.nodes.slice(0, 5).map((node) => ({
              target: node.target.join(' '),
              summary: node.failureSummary?.split('\n')[1]?.trim() ?? '',
            })),
            count: violation.nodes.length,
          }),
        );
    },
    { selector, options },
  );
  return findings.map((finding) => {
    const targets = finding.nodes.map((node) => `      ${node.target}  ${node.summary}`).join('\n');
    const more = finding.count > 5 ? `\n      …and ${finding.count - 5} more` : '';
    return `${finding.id} (${finding.impact}) ${finding.help}\n${targets}${more}`;
  });
}

/**
 * Colours are measured at rest: a control just pressed fades to its new colours (Tailwind's
 * `transition-colors`, 150 ms), and axe run in the middle of it read a half-way red and white (3.61:1).
 * Animations that never end (a spinner) are not waited for.
 */
async function untilTransitionsEnd(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
