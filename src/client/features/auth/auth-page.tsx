import ArrowLeft from 'lucide-react/icons/arrow-left';
import Camera from 'lucide-react/icons/camera';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import PaintBucket from 'lucide-react/icons/paint-bucket';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Wrench from 'lucide-react/icons/wrench';
import { Link, Redirect, useSearchParams } from 'wouter';
import { cardSurface } from '#client/components/ui/card-surface.ts';
import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { useT } from '#client/i18n/use-t.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { shop } from '#client/lib/shop.ts';
import { landingAfterSignIn } from '#domain/return-path.ts';
import { AuthTabs } from './auth-tabs.tsx';
import { LoginPanel } from './login-panel.tsx';
import { RegisterForm } from './register-form.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

const SERVICES: { icon: typeof Wrench; text: MessageId }[] = [
  { icon: Wrench, text: 'auth.service.collision' },
  { icon: PaintBucket, text: 'auth.service.paint' },
  { icon: ShieldCheck, text: 'auth.service.dent' },
  { icon: Camera, text: 'auth.service.photos' },
];

export function AuthPage() {
  const { user, isLoading } = useAuth();
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'register' ? 'register' : 'login';
  // The e-mailed "set your password" link: shown even when signed in, since it may be for another account.
  const token = params.get('token');

  if (isLoading) return <FullPageSpinner />;
  // Back to the page that asked for the sign-in (`?next=`, a same-origin path only), else home.
  const next = params.get('next');
  if (user && !token) return <Redirect to={landingAfterSignIn(next, user.isAdmin)} replace />;

  return (
    <div className="min-h-screen bg-slate-100 lg:grid lg:grid-cols-2">
      <main id="main" className="flex flex-col px-4 py-6 sm:px-8">
        <Link
          href="/"
          className="inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-slate-700 hover:text-brand-700"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('common.backToHome')}
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
            {t(
              token ? 'auth.title.setPassword' : tab === 'login' ? 'auth.title.login' : 'auth.title.register',
            )}
          </h1>
          <p className="mt-1 text-slate-600">
            {t(
              token ? 'auth.intro.setPassword' : tab === 'login' ? 'auth.intro.login' : 'auth.intro.register',
            )}
          </p>
          <div className={`${cardSurface} mt-6 p-5 shadow-sm sm:p-6`}>
            {token ? (
              <SetPasswordForm token={token} next={next} />
            ) : (
              <AuthTabs
                tab={tab}
                onChange={(value) =>
                  setParams(
                    { ...(value === 'register' ? { tab: 'register' } : {}), ...(next ? { next } : {}) },
                    { replace: true },
                  )
                }
              >
                {tab === 'login' ? <LoginPanel /> : <RegisterForm />}
              </AuthTabs>
            )}
          </div>
        </div>
      </main>
      <aside className="bg-ink px-6 py-10 text-slate-200 sm:px-10 lg:flex lg:flex-col lg:justify-center lg:px-14">
        <p className="text-sm font-semibold tracking-wider text-brand-500 uppercase">{shop.name}</p>
        <h2 className="mt-2 text-2xl font-bold text-white sm:text-3xl">
          {t('auth.aside.title', { year: shop.foundedYear })}
        </h2>
        <ul className="mt-6 space-y-3">
          {SERVICES.map((service) => (
            <li key={service.text} className="flex items-start gap-3">
              <service.icon className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden="true" />
              <span>{t(service.text)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-8 flex items-center gap-2 text-sm text-slate-400">
          <CheckCircle2 className="size-4 text-green-400" aria-hidden="true" />
          {t('auth.aside.vehicles', { count: shop.vehiclesRepaired })}
        </p>
      </aside>
    </div>
  );
}
