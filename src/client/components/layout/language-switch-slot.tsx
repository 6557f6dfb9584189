import { type ComponentType, createContext, useContext } from 'react';

export type LanguageSwitchProps = { className?: string };

/**
 * The language switch changes the account, so it belongs to a feature, which layouts may not import:
 * the app shell (app-root.tsx) puts it in here, and the headers, footer and navigation bar draw it
 * where they place it.
 */
export const LanguageSwitchContext = createContext<ComponentType<LanguageSwitchProps> | null>(null);

export function LanguageSwitchSlot(props: LanguageSwitchProps) {
  const LanguageSwitch = useContext(LanguageSwitchContext);
  if (!LanguageSwitch) throw new Error('LanguageSwitchSlot is drawn outside LanguageSwitchContext');
  return <LanguageSwitch {...props} />;
}
