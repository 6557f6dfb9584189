import { describe, expect, it } from 'vitest';
import { surveyUrl } from './survey-link.ts';
import { surveyPageGuard } from './survey-page-guard.ts';

const secret = 's'.repeat(32);
const guard = surveyPageGuard(secret);
const pathOf = (url: string) => new URL(url).pathname;
const SURVEY_ID = '6f1c2a4e-8b3d-4c5e-9f7a-0b1c2d3e4f5a';

describe('the survey page’s HTML', () => {
  it('is found for a live link, and private', async () => {
    const answer = await guard(pathOf(surveyUrl({ secret, appUrl: 'http://x' }, SURVEY_ID, new Date())));
    expect(answer?.found).toBe(true);
    expect(answer?.headers?.['cache-control']).toBe('no-store');
  });

  it('is a 404 for a tampered, foreign or expired link, checked without the database', async () => {
    const live = pathOf(surveyUrl({ secret, appUrl: 'http://x' }, SURVEY_ID, new Date()));
    const expired = pathOf(
      surveyUrl({ secret, appUrl: 'http://x' }, SURVEY_ID, new Date(Date.now() - 31 * 86_400_000)),
    );
    const foreign = pathOf(surveyUrl({ secret: 't'.repeat(32), appUrl: 'http://x' }, SURVEY_ID, new Date()));
    const tampered = `${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [tampered, expired, foreign, '/survey/nonsense']) {
      expect((await guard(path))?.found, path).toBe(false);
    }
  });

  it('leaves other pages alone', async () => {
    expect(await guard('/status/abc.def.ghi')).toBeNull();
  });
});
