import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('looks disabled in neutral grey, not in a faded version of its colour', () => {
    for (const button of [
      <Button key="primary" disabled>
        Send Estimate
      </Button>,
      <Button key="green" disabled className="bg-green-700 hover:bg-green-800">
        Approve Quote
      </Button>,
    ]) {
      const html = renderToStaticMarkup(button);
      expect(html).toContain('disabled:bg-slate-200');
      expect(html).toContain('disabled:text-slate-600');
      expect(html).not.toContain('disabled:opacity');
    }
  });
});
