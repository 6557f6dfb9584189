import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { ToastOptions } from '#client/components/ui/use-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { customerName } from '#client/features/customers/shared.ts';
import { translate } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import type { Customer } from '#domain/customers.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import type { PublicUser } from '#domain/public-user.ts';
import { SubmissionError, useCreateEstimate } from './api/create-estimate.ts';
import { useSavedVehicles } from './api/get-saved-vehicles.ts';
import { ContactFields } from './contact-fields.tsx';
import {
  type EstimateFormValues,
  emptyEstimateForm,
  missingInformation,
  toBatchCreateInput,
  vehicleIdToSend,
} from './estimate-form.ts';
import { PhotoStepsSection } from './photo-steps-section.tsx';
import { readyToSubmit } from './photo-steps-state.ts';
import { RepairDetailsFields } from './repair-details-fields.tsx';
import { clearDraft, loadDraft, saveDraft } from './request-draft.ts';
import { requestText } from './request-text.ts';
import { StaffCustomerFields } from './staff-customer-fields.tsx';
import { type CreatedForStaff, StaffEstimateCreated } from './staff-estimate-created.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { usePhotoSteps } from './use-photo-steps.ts';
import { VehicleFields } from './vehicle-fields.tsx';

const STAFF_SUBMIT_WORDS = {
  send: 'Create estimate',
  ready: 'All set? This creates the estimate and e-mails the customer.',
  sending: 'Creating the estimate…',
};

/** The spec's toast for what is missing, in the page's language. */
function missingToast(problem: ToastOptions): ToastOptions {
  return {
    ...problem,
    title: problem.title && requestText(problem.title),
    description: problem.description && requestText(problem.description),
  };
}

/**
 * The photo workflow: vehicle, photos, payment and contact details, sent as one estimate request. The
 * shop's staff use it too, for a customer they pick or a walk-in they name: it then speaks to them
 * (in the shop's English) and ends on a confirmation with the way to the estimate's desk page.
 */
export function EstimateRequestForm({ user }: { user: PublicUser }) {
  const [created, setCreated] = useState<CreatedForStaff | null>(null);
  // A new form (a fresh draft, no customer) for each estimate staff enter in a row.
  const [round, setRound] = useState(0);
  if (created) {
    return (
      <StaffEstimateCreated
        created={created}
        onAnother={() => {
          setCreated(null);
          setRound((n) => n + 1);
        }}
      />
    );
  }
  return <RequestForm key={round} user={user} onCreatedForStaff={setCreated} />;
}

function RequestForm({
  user,
  onCreatedForStaff,
}: {
  user: PublicUser;
  onCreatedForStaff: (created: CreatedForStaff) => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  // What was typed and uploaded before a lost signal, a reload or a closed tab comes back as it was.
  const [draft] = useState(() => loadDraft(user.id));
  const form = useForm<EstimateFormValues>({
    defaultValues: { ...emptyEstimateForm(user), ...draft?.values },
    // react-hook-form would focus the first field it registered, not the first on the page: see onInvalid.
    shouldFocusError: false,
  });
  const formElement = useRef<HTMLFormElement>(null);
  const photos = usePhotoSteps(user.id, draft?.photos);
  const createEstimate = useCreateEstimate();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const pickCustomer = (picked: Customer | null) => {
    setCustomer(picked);
    form.setValue('email', picked?.email ?? '');
    form.setValue('phone', picked?.phone ?? '');
    // Another customer's car is not this one's.
    form.setValue('vehicleId', '');
    if (picked) form.clearErrors(['firstName', 'lastName', 'email']);
  };

  const savedVehicles = useSavedVehicles(user.isAdmin, customer?.id ?? null);

  // Kept as it is typed, and whenever a photo finishes uploading or is removed.
  const uploadedUrls = Object.entries(photos.state.photos)
    .filter(([, photo]) => photo.status === 'uploaded' && photo.photoURL)
    .map(([step, photo]) => `${step}=${photo.photoURL}`)
    .join(',');
  useEffect(() => {
    const save = () => {
      const uploaded = Object.fromEntries(
        uploadedUrls ? uploadedUrls.split(',').map((pair) => pair.split('=')) : [],
      );
      saveDraft(user.id, { values: form.getValues(), photos: uploaded });
    };
    save();
    const subscription = form.watch(save);
    return () => subscription.unsubscribe();
  }, [form, user.id, uploadedUrls]);

  useEffect(() => {
    if (draft) {
      toast({
        title: translate('request.draft.welcomeTitle'),
        description: translate('request.draft.welcomeText'),
      });
    }
  }, [draft]);

  // The fields say what is missing beside them (the first one gets the focus); the spec's toast too.
  const onInvalid = (errors: FieldErrors<EstimateFormValues>) => {
    focusFirstField(formElement.current, Object.keys(errors));
    const problem = missingInformation(form.getValues(), Boolean(photos.state.photos.overview));
    if (problem) toast(missingToast(problem));
  };

  // Nothing here clears the form or the photos: after any failure the customer simply tries again.
  const onSubmit = form.handleSubmit(async (values) => {
    const problem = missingInformation(values, Boolean(photos.state.photos.overview));
    if (problem) {
      toast(missingToast(problem));
      return;
    }
    setSubmitting(true);
    try {
      const photoUrls = await photos.uploadedPhotoUrls();
      if (!photoUrls) return;
      const { estimate, vehicle } = await createEstimate.mutateAsync(
        toBatchCreateInput(values, photoUrls, customer?.id ?? null, {
          newCustomer: user.isAdmin,
          vehicleId: vehicleIdToSend(values, savedVehicles),
        }),
      );
      // Sent: nothing to come back to any more.
      clearDraft(user.id);
      photos.forget();
      if (!user.isAdmin) {
        navigate(`/estimate/${estimate.id}/review`);
        return;
      }
      onCreatedForStaff({
        estimateId: estimate.id,
        customerName: customer
          ? customerName(customer)
          : `${values.firstName.trim()} ${values.lastName.trim()}`,
        newCustomer: !customer,
        vehicleTitle: vehicleTitle(vehicle),
      });
    } catch (error) {
      toast({
        title: t('request.toast.uploadFailed'),
        description:
          error instanceof SubmissionError ? requestText(error.message) : t('request.toast.submissionFailed'),
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }, onInvalid);

  const uploading = Object.values(photos.state.photos).some((photo) => photo.status === 'uploading');

  // Staff read the shop's words, in English like every staff screen.
  const words = user.isAdmin
    ? {
        back: { href: '/admin', label: 'Back to admin' },
        title: 'New estimate',
        intro:
          'For a customer at the counter or on the phone: pick the customer or enter a new one, then the car, the photos and the work. The customer is e-mailed about it.',
        form: 'New estimate',
      }
    : {
        back: { href: '/dashboard', label: t('request.backToDashboard') },
        title: t('request.title'),
        intro: t('request.intro'),
        form: t('request.formLabel'),
      };

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-4 sm:pt-8">
      <Link
        href={words.back.href}
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {words.back.label}
      </Link>
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
        {words.title}
      </h1>
      <p className="mt-1 text-slate-600">{words.intro}</p>

      <form
        ref={formElement}
        onSubmit={onSubmit}
        noValidate
        aria-label={words.form}
        // A field scrolled to (the first to fix) stays clear of the sticky header and Send bar.
        className="mt-5 space-y-5 [&_input]:scroll-mt-24 [&_input]:scroll-mb-44 [&_select]:scroll-mb-44 [&_textarea]:scroll-mb-44"
      >
        {user.isAdmin && <StaffCustomerFields form={form} customer={customer} onPick={pickCustomer} />}
        <VehicleFields
          form={form}
          savedVehicles={savedVehicles}
          savedVehiclesLabel={customer ? `Vehicles of ${customerName(customer)}` : undefined}
        />
        <PhotoStepsSection steps={photos} disabled={submitting} />
        <RepairDetailsFields register={form.register} control={form.control} />
        {!user.isAdmin && <ContactFields register={form.register} emailIsAccounts />}
        <SubmitBar
          ready={readyToSubmit(photos.state)}
          uploading={uploading}
          submitting={submitting}
          fieldsToFix={Object.keys(form.formState.errors).length}
          staffWords={user.isAdmin ? STAFF_SUBMIT_WORDS : undefined}
        />
      </form>
    </main>
  );
}

/** Focuses the first field on the page (in reading order) among `names`, scrolled into view. */
function focusFirstField(form: HTMLFormElement | null, names: string[]) {
  if (!form) return;
  const first = [...form.elements].find(
    (element): element is HTMLInputElement =>
      element instanceof HTMLElement && 'name' in element && names.includes(String(element.name)),
  );
  if (!first) return;
  first.focus({ preventScroll: true });
  // 'nearest' honours the fields' scroll margins, so the field ends above the Send bar.
  first.scrollIntoView({ block: 'nearest' });
}
