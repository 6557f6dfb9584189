import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import type { ToastOptions } from '#client/components/ui/use-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { CustomerPicker } from '#client/features/customers/shared.ts';
import { translate } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import type { PublicUser } from '#domain/auth.ts';
import type { Customer } from '#domain/customers.ts';
import { SubmissionError, useCreateEstimate } from './api/create-estimate.ts';
import { useSavedVehicles } from './api/get-saved-vehicles.ts';
import { ContactFields } from './contact-fields.tsx';
import {
  type EstimateFormValues,
  emptyEstimateForm,
  missingInformation,
  toBatchCreateInput,
} from './estimate-form.ts';
import { PhotoStepsSection } from './photo-steps-section.tsx';
import { readyToSubmit } from './photo-steps-state.ts';
import { RepairDetailsFields } from './repair-details-fields.tsx';
import { clearDraft, loadDraft, saveDraft } from './request-draft.ts';
import { requestText } from './request-text.ts';
import { SubmitBar } from './submit-bar.tsx';
import { usePhotoSteps } from './use-photo-steps.ts';
import { VehicleFields } from './vehicle-fields.tsx';

/** The spec's toast for what is missing, in the page's language. */
function missingToast(problem: ToastOptions): ToastOptions {
  return {
    ...problem,
    title: problem.title && requestText(problem.title),
    description: problem.description && requestText(problem.description),
  };
}

/** The photo workflow: vehicle, photos, payment and contact details, sent as one estimate request. */
export function EstimateRequestForm({ user }: { user: PublicUser }) {
  const t = useT();
  const [, navigate] = useLocation();
  // What was typed and uploaded before a lost signal, a reload or a closed tab comes back as it was.
  const [draft] = useState(() => loadDraft(user.id));
  const form = useForm<EstimateFormValues>({
    defaultValues: { ...emptyEstimateForm(user), ...draft?.values },
  });
  const photos = usePhotoSteps(user.id, draft?.photos);
  const createEstimate = useCreateEstimate();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const pickCustomer = (picked: Customer | null) => {
    setCustomer(picked);
    form.setValue('email', picked?.email ?? '');
    form.setValue('phone', picked?.phone ?? '');
  };

  const savedVehicles = useSavedVehicles(!user.isAdmin).data;

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
  const onInvalid = () => {
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
      const { estimate } = await createEstimate.mutateAsync(
        toBatchCreateInput(values, photoUrls, customer?.id ?? null),
      );
      // Sent: nothing to come back to any more.
      clearDraft(user.id);
      photos.forget();
      navigate(`/estimate/${estimate.id}/review`);
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

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-4 sm:pt-8">
      <Link
        href="/dashboard"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('request.backToDashboard')}
      </Link>
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
        {t('request.title')}
      </h1>
      <p className="mt-1 text-slate-600">{t('request.intro')}</p>

      {user.isAdmin && (
        <Card className="mt-5">
          <CardContent className="pt-5">
            <CustomerPicker selected={customer} onSelect={pickCustomer} onClear={() => pickCustomer(null)} />
          </CardContent>
        </Card>
      )}

      <form onSubmit={onSubmit} noValidate aria-label={t('request.formLabel')} className="mt-5 space-y-5">
        <VehicleFields form={form} savedVehicles={savedVehicles} />
        <PhotoStepsSection steps={photos} disabled={submitting} />
        <RepairDetailsFields register={form.register} control={form.control} />
        <ContactFields register={form.register} emailIsAccounts={!user.isAdmin} />
        <SubmitBar
          ready={readyToSubmit(photos.state)}
          uploading={uploading}
          submitting={submitting}
          fieldsToFix={Object.keys(form.formState.errors).length}
        />
      </form>
    </main>
  );
}
