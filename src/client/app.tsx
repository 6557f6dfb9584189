import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { RequireAdmin, RequireUser } from './components/guards.tsx';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import type { Namespace } from './i18n/catalogs.ts';
import { loadMessages } from './i18n/i18n.ts';
import { useT } from './i18n/use-t.ts';
import { useAuth } from './lib/current-user.ts';
import { shop } from './lib/shop.ts';

// Every screen is loaded when first visited, so a visitor's first page carries no code of the other
// screens (their navigation bar, forms, zod, TanStack Query…).

/** A screen's code and its words in the page's language, fetched together rather than one after the other. */
function withMessages<Module>(screen: Promise<Module>, ...namespaces: Namespace[]): Promise<Module> {
  return Promise.all([screen, loadMessages(...namespaces)]).then(([module]) => module);
}

/**
 * Once a screen the server drew (a first screen, a signed-in one) is on the page with its handlers,
 * the page's starter script is told, so that it hands over a tap or a form it held meanwhile
 * (landing-start.ts). Harmless on a page the app drew itself: nothing listens.
 */
function useAnnounceTakeOver(): void {
  useEffect(() => void document.dispatchEvent(new Event('app:hydrated')), []);
}

/** A lazily loaded screen that reads or changes server data: it brings TanStack Query along. */
function withQueries<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [{ QueryScope }, Screen] = await Promise.all([import('./lib/query-scope.tsx'), load()]);
    return {
      default: function WithQueries(props: Props) {
        useAnnounceTakeOver();
        return (
          <QueryScope>
            <Screen {...props} />
          </QueryScope>
        );
      },
    };
  });
}

// Its own words ('nav') come with its code; those it shares with the public header are in 'common'.
const NavBar = lazy(() =>
  withMessages(import('./components/layout/nav-bar.tsx'), 'nav').then((m) => ({ default: m.NavBar })),
);
const NotFoundPage = lazy(() =>
  withMessages(import('./features/not-found/not-found-page.tsx'), 'common').then((m) => ({
    default: m.NotFoundPage,
  })),
);
const CustomerHome = withQueries(() =>
  withMessages(import('./features/home/customer-home.tsx'), 'home').then((m) => m.CustomerHome),
);
/**
 * The public pages a visitor lands on first, which the server prerenders (src/client/prerender.tsx):
 * their code and words. The sign-in page sends its forms without TanStack Query, so it loads without it.
 */
const FIRST_SCREENS = {
  '/': () =>
    withMessages(import('./features/landing/landing-page.tsx'), 'landing').then((m) => m.LandingPage),
  '/auth': () => withMessages(import('./features/auth/auth-page.tsx'), 'auth').then((m) => m.AuthPage),
  '/about': () =>
    withMessages(import('./features/about/about-page.tsx'), 'about', 'photos').then((m) => m.AboutPage),
} satisfies Record<string, () => Promise<ComponentType>>;
type FirstScreenPath = keyof typeof FIRST_SCREENS;
const isFirstScreen = (pathname: string): pathname is FirstScreenPath =>
  Object.hasOwn(FIRST_SCREENS, pathname);

const firstScreensLoaded: Partial<Record<FirstScreenPath, ComponentType>> = {};

const lazyFirstScreen = (pathname: FirstScreenPath) =>
  lazy(() => FIRST_SCREENS[pathname]().then((screen) => ({ default: screen })));
const LAZY_FIRST_SCREENS: Record<FirstScreenPath, ComponentType> = {
  '/': lazyFirstScreen('/'),
  '/auth': lazyFirstScreen('/auth'),
  '/about': lazyFirstScreen('/about'),
};

/** A first screen: drawn at once when its code is already here, else loaded like any other. */
function FirstScreen({ pathname }: { pathname: FirstScreenPath }) {
  const Screen = firstScreensLoaded[pathname] ?? LAZY_FIRST_SCREENS[pathname];
  useAnnounceTakeOver();
  return <Screen />;
}

/**
 * When the page opened is one of the first screens, its code (preloaded by the server alongside the
 * entry) is awaited before the first render: the server's markup of it is then hydrated as it is
 * (Suspense would throw it away for a spinner), and the sign-in page does not appear only after React's
 * 300 ms pause between a fallback and the content that replaces it.
 */
export async function loadFirstScreen(pathname: string): Promise<void> {
  if (!isFirstScreen(pathname)) return;
  try {
    firstScreensLoaded[pathname] = await FIRST_SCREENS[pathname]();
  } catch {
    // Not loaded now: the lazily loaded route tries again, with the spinner meanwhile.
  }
}
const DashboardPage = withQueries(() =>
  withMessages(import('./features/dashboard/dashboard-page.tsx'), 'home').then((m) => m.DashboardPage),
);
const PhotoCapturePage = withQueries(() =>
  withMessages(import('./features/photo-workflow/photo-capture-page.tsx'), 'request').then(
    (m) => m.PhotoCapturePage,
  ),
);
const SubmissionReviewPage = withQueries(() =>
  withMessages(import('./features/photo-workflow/submission-review-page.tsx'), 'request').then(
    (m) => m.SubmissionReviewPage,
  ),
);
const EstimateDetailPage = withQueries(() =>
  withMessages(import('./features/estimate-detail/estimate-detail-page.tsx'), 'estimate').then(
    (m) => m.EstimateDetailPage,
  ),
);
// The signing page is the only one that loads signature_pad: its own chunk.
const AuthorizePage = withQueries(() =>
  withMessages(import('./features/estimate-detail/authorize-page.tsx'), 'estimate').then(
    (m) => m.AuthorizePage,
  ),
);
const AdminPage = withQueries(() =>
  import('./features/admin-dashboard/admin-page.tsx').then((m) => m.AdminPage),
);
const AdminCalendarPage = withQueries(() =>
  import('./features/calendar/admin-calendar-page.tsx').then((m) => m.AdminCalendarPage),
);
// The authorisation card it shares with the customer's page brings the estimate's words.
const AdminEstimatePage = withQueries(() =>
  withMessages(import('./features/admin-estimates/admin-estimate-page.tsx'), 'estimate').then(
    (m) => m.AdminEstimatePage,
  ),
);
const PaymentPage = withQueries(() =>
  withMessages(import('./features/payments/payment-page.tsx'), 'payment').then((m) => m.PaymentPage),
);
// Opened from a status link in an e-mail or text, signed out: its own small chunk. It shows the
// estimate page's repair timeline and promised date, whose words come along.
const StatusPage = withQueries(() =>
  withMessages(import('./features/status-links/status-page.tsx'), 'status', 'estimate').then(
    (m) => m.StatusPage,
  ),
);
// Opened from a payment link in an e-mail or text, signed out: its own chunk, with the payment words.
const PaymentLinkPage = withQueries(() =>
  withMessages(import('./features/payments/payment-link-page.tsx'), 'payment').then((m) => m.PaymentLinkPage),
);
// Opened from the survey's e-mail or text after pickup, signed out: its own chunk and words.
const SurveyPage = withQueries(() =>
  withMessages(import('./features/surveys/survey-page.tsx'), 'survey').then((m) => m.SurveyPage),
);
// Opened from a drop-off reminder's confirm or reschedule link, signed out: its own chunk, the estimate's words.
const DropOffLinkPage = withQueries(() =>
  withMessages(import('./features/self-booking/drop-off-link-page.tsx'), 'estimate').then(
    (m) => m.DropOffLinkPage,
  ),
);
const PaymentSuccessPage = withQueries(() =>
  withMessages(import('./features/payments/payment-success-page.tsx'), 'payment').then(
    (m) => m.PaymentSuccessPage,
  ),
);

function HomeRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <FirstScreen pathname="/" />;
  if (user.isAdmin) return <Redirect to="/admin" replace />;
  return <CustomerHome user={user} />;
}

/** Holds the navigation bar's height while its code loads, so the page below does not jump. */
function NavBarPlaceholder() {
  return <div className="box-content h-16 border-b border-slate-200 bg-white" />;
}

/** The page's title and description, in the page's language (a search result or a shared link shows them). */
function usePageTitle(t: ReturnType<typeof useT>) {
  const title = t('common.meta.title', { shop: shop.name });
  const description = t('common.meta.description');
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

export function App() {
  const { user, isLoading } = useAuth();
  const t = useT();
  usePageTitle(t);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common.skipToContent')}
      </a>
      {!isLoading && user && (
        <Suspense fallback={<NavBarPlaceholder />}>
          <NavBar user={user} />
        </Suspense>
      )}
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path="/" component={HomeRoute} />
          <Route path="/auth">
            <FirstScreen pathname="/auth" />
          </Route>
          <Route path="/about">
            <FirstScreen pathname="/about" />
          </Route>
          <Route path="/estimate">
            <Redirect to="/photo-capture" replace />
          </Route>
          <Route path="/photo-capture" component={PhotoCapturePage} />
          <Route path="/estimate/:id/review" component={SubmissionReviewPage} />
          <Route path="/estimate/:id/authorize">
            <RequireUser>
              <AuthorizePage />
            </RequireUser>
          </Route>
          <Route path="/estimate/:id">
            <RequireUser>
              <EstimateDetailPage />
            </RequireUser>
          </Route>
          <Route path="/dashboard">
            <RequireUser customerOnly>
              <DashboardPage />
            </RequireUser>
          </Route>
          <Route path="/payment">
            <RequireUser>
              <PaymentPage />
            </RequireUser>
          </Route>
          <Route path="/payment-success">
            <RequireUser>
              <PaymentSuccessPage />
            </RequireUser>
          </Route>
          <Route path="/status/:token" component={StatusPage} />
          <Route path="/pay/:token" component={PaymentLinkPage} />
          <Route path="/survey/:token" component={SurveyPage} />
          <Route path="/drop-off/:token" component={DropOffLinkPage} />
          <Route path="/admin">
            <RequireAdmin>
              <AdminPage />
            </RequireAdmin>
          </Route>
          <Route path="/admin/calendar">
            <RequireAdmin>
              <AdminCalendarPage />
            </RequireAdmin>
          </Route>
          <Route path="/admin/estimate/:idOrPlate">
            <RequireAdmin>
              <AdminEstimatePage />
            </RequireAdmin>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </>
  );
}
