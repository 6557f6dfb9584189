import { CalendarDays, Car, ClipboardList, Mail, Users } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { PAGE_WIDTH } from '#client/components/layout/page-width.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { FrontDesk } from '#client/features/front-desk/shared.ts';
import { SatisfactionSection } from '#client/features/satisfaction/shared.ts';
import { cn } from '#client/lib/cn.ts';
import { AdminHeader } from './admin-header.tsx';
import { CalendarTab } from './calendar-tab.tsx';
import { CustomersTab } from './customers/customers-tab.tsx';
import { EstimatesTab } from './estimates/estimates-tab.tsx';
import { type AdminTab, useAdminTab } from './use-admin-tab.ts';
import { VehiclesTab } from './vehicles/vehicles-tab.tsx';

// The Google panel pulls in its own code only when its tab is opened.
const GoogleTab = lazy(() =>
  import('#client/features/google/shared.ts').then((m) => ({ default: m.GoogleTab })),
);

const TABS: { value: AdminTab; label: string; icon: ReactNode }[] = [
  { value: 'estimates', label: 'Estimates', icon: <ClipboardList aria-hidden="true" /> },
  { value: 'calendar', label: 'Calendar', icon: <CalendarDays aria-hidden="true" /> },
  { value: 'customers', label: 'Customers', icon: <Users aria-hidden="true" /> },
  { value: 'vehicles', label: 'Vehicles', icon: <Car aria-hidden="true" /> },
  { value: 'google', label: 'Google', icon: <Mail aria-hidden="true" /> },
];

export function AdminPage() {
  const [tab, setTab] = useAdminTab();

  return (
    <main id="main" className={cn(PAGE_WIDTH, 'space-y-6 py-6 sm:py-10')}>
      <AdminHeader />
      <FrontDesk />
      <SatisfactionSection />
      <Tabs value={tab} onValueChange={(value) => setTab(value as AdminTab)}>
        <TabsList aria-label="Admin sections">
          {TABS.map(({ value, label, icon }) => (
            <TabsTrigger
              key={value}
              value={value}
              className="flex min-w-0 flex-col items-center gap-0.5 px-1 text-[11px] sm:flex-row sm:justify-center sm:gap-2 sm:px-3 sm:text-sm [&_svg]:size-4 [&_svg]:shrink-0"
            >
              {icon}
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="estimates">
          <EstimatesTab />
        </TabsContent>
        <TabsContent value="calendar">
          <CalendarTab />
        </TabsContent>
        <TabsContent value="customers">
          <CustomersTab />
        </TabsContent>
        <TabsContent value="vehicles">
          <VehiclesTab />
        </TabsContent>
        <TabsContent value="google">
          <Suspense fallback={<Spinner className="py-12" label="Loading Google" />}>
            <GoogleTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </main>
  );
}
