import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { RecoveryTask } from '#domain/surveys.ts';
import { CallBacks } from './call-backs.tsx';

const task: RecoveryTask = {
  id: '0b9d1c4e-5a7f-4c2e-8f1a-3d6b9e2c7a10',
  estimateId: '5f0c2c52-6d8a-4c8e-9a39-0d6f1f0b8a11',
  customerName: 'Maria Lopez',
  phone: '(813) 555-0166',
  vehicle: '2019 Toyota Camry',
  score: 3,
  comment: 'Paint does not match.',
  openedAt: '2026-03-04T15:00:00Z',
};

const render = (tasks: RecoveryTask[] | undefined, failed: boolean) =>
  renderToStaticMarkup(
    <Router ssrPath="/admin" ssrSearch="">
      <QueryClientProvider client={new QueryClient()}>
        <CallBacks tasks={tasks} failed={failed} />
      </QueryClientProvider>
    </Router>,
  );

describe('the dashboard’s call-backs', () => {
  it('says so when they could not be loaded, rather than showing nothing to do', () => {
    const html = render(undefined, true);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Call-backs could not be loaded.');
  });

  it('keeps the tasks it had when a refresh fails, and says the refresh failed', () => {
    const html = render([task], true);
    expect(html).toContain('Call back (1)');
    expect(html).toContain('Maria Lopez');
    expect(html).toContain('Call-backs could not be loaded.');
  });

  it('lists the open tasks, and shows nothing when there are none', () => {
    expect(render([task], false)).not.toContain('could not be loaded');
    expect(render([], false)).toBe('');
    expect(render(undefined, false)).toBe('');
  });
});
