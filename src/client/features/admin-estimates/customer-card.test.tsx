import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CustomerCard } from './customer-card.tsx';

const customer = {
  id: '5f0c2c52-6d8a-4c8e-9a39-0d6f1f0b8a11',
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(813) 555-0166',
};
const render = (textUpdates: Parameters<typeof CustomerCard>[0]['textUpdates']) =>
  renderToStaticMarkup(<CustomerCard customer={customer} plate="ABC123" textUpdates={textUpdates} />);

describe("the shop's customer card", () => {
  it('shows a STOP from the number, with its date, while it stands', () => {
    const html = render({
      phone: '+18135550166',
      optedInAt: '2026-03-02T15:00:00Z',
      stoppedAt: '2026-03-04T15:00:00Z',
    });
    expect(html).toContain('+18135550166');
    expect(html).toContain('Asked for on Mar 2, 2026');
    expect(html).toContain('This number texted STOP on Mar 4, 2026; no texts are sent until it texts START.');
  });

  it('says nothing of a STOP when there is none, and when texts were not asked for', () => {
    const asked = render({ phone: '+18135550166', optedInAt: '2026-03-02T15:00:00Z', stoppedAt: null });
    expect(asked).not.toContain('STOP');
    expect(render(null)).toContain('Not asked for');
  });

  it('keeps the phone on one line and lets the e-mail break only after its @ and dots', () => {
    const html = renderToStaticMarkup(
      <CustomerCard
        customer={{ ...customer, email: 'maria.gonzalez-rodriguez@lakesidefamily.com' }}
        plate={null}
        textUpdates={null}
      />,
    );
    expect(html).toContain('<span class="whitespace-nowrap">(813) 555-0166</span>');
    expect(html).toContain('maria.<wbr/>gonzalez-rodriguez@<wbr/>lakesidefamily.<wbr/>com');
    expect(html).not.toContain('break-all');
  });
});
