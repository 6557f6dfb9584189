import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { RequireAdmin, RequireUser } from './components/guards';
import { NavBar } from './components/layout/nav-bar';
import { FullPageSpinner } from './components/ui/spinner';
import { useAuth } from './features/auth/api/current-user';
import { CustomerHome } from './features/home/customer-home';
import { LandingPage } from './features/landing/landing-page';

// Everything but the first page is loaded when first visited.
const AboutPage = lazy(() => import('./features/about/about-page').then((m) => ({ default: m.AboutPage })));
const AuthPage = lazy(() => import('./features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const DashboardPage = lazy(() =>
  import('./features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const PhotoCapturePage = lazy(() =>
  import('./features/photo-workflow/photo-capture-page').then((m) => ({ default: m.PhotoCapturePage })),
);
const SubmissionReviewPage = lazy(() =>
  import('./features/photo-workflow/submission-review-page').then((m) => ({
    default: m.SubmissionReviewPage,
  })),
);
const EstimateDetailPage = lazy(() =>
  import('./features/estimate-detail/estimate-detail-page').then((m) => ({ default: m.EstimateDetailPage })),
);
const AdminPage = lazy(() => import('./features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const AdminCalendarPage = lazy(() =>
  import('./features/admin-calendar/admin-calendar-page').then((m) => ({ default: m.AdminCalendarPage })),
);
const AdminEstimatePage = lazy(() =>
  import('./features/admin-estimate/admin-estimate-page').then((m) => ({ default: m.AdminEstimatePage })),
);
const PaymentPage = lazy(() =>
  import('./features/payments/payment-page').then((m) => ({ default: m.PaymentPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('./features/payments/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
);
const NotFoundPage = lazy(() =>
  import('./features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

function HomeRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <LandingPage />;
  if (user.isAdmin) return <Redirect to="/admin" replace />;
  return <CustomerHome user={user} />;
}

export function App() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {!isLoading && user && <NavBar user={user} />}
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path="/" component={HomeRoute} />
          <Route path="/auth" component={AuthPage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/estimate">
            <Redirect to="/photo-capture" replace />
          </Route>
          <Route path="/photo-capture" component={PhotoCapturePage} />
          <Route path="/estimate/:id/review" component={SubmissionReviewPage} />
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
