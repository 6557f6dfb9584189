import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { useT } from '#client/i18n/use-t.ts';

export type AuthTab = 'login' | 'register';

const TABS: readonly { value: AuthTab; label: MessageId }[] = [
  { value: 'login', label: 'auth.tab.login' },
  { value: 'register', label: 'auth.tab.register' },
];

/**
 * Login / Register as an ARIA tab list, written out here rather than taken from the shared Tabs
 * (Radix) so the sign-in page stays light: the selected tab is the only one in the Tab order, the
 * arrow keys, Home and End move between the two and open the tab they land on.
 */
export function AuthTabs({
  tab,
  onChange,
  children,
}: {
  tab: AuthTab;
  onChange: (tab: AuthTab) => void;
  children: ReactNode;
}) {
  const buttons = useRef(new Map<AuthTab, HTMLButtonElement>());
  const t = useT();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((item) => item.value === tab);
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const next = target === null ? undefined : TABS[target];
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    buttons.current.get(next.value)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={t('auth.tab.label')}
        onKeyDown={onKeyDown}
        className="inline-flex w-full items-center rounded-lg bg-slate-100 p-1 text-slate-600"
      >
        {TABS.map((item) => {
          const selected = item.value === tab;
          return (
            <button
              key={item.value}
              ref={(button) => {
                if (button) buttons.current.set(item.value, button);
                else buttons.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`auth-tab-${item.value}`}
              aria-selected={selected}
              // Only the open tab's panel is on the page.
              aria-controls={selected ? `auth-panel-${item.value}` : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              className={`flex-1 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${selected ? 'bg-white text-slate-900 shadow-sm' : ''}`}
            >
              {t(item.label)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`auth-panel-${tab}`}
        aria-labelledby={`auth-tab-${tab}`}
        className="mt-4 focus-visible:outline-none"
      >
        {children}
      </div>
    </div>
  );
}
