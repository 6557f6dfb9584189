import { AlertTriangle, CheckCircle2, ExternalLink, LinkIcon, Star } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StateCard } from '#client/components/ui/state-card.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { activateLanguage, currentLanguage } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage } from '#client/lib/api.ts';
import { cn } from '#client/lib/cn.ts';
import { shop } from '#client/lib/shop.ts';
import {
  type SurveyPage as Page,
  SURVEY_COMMENT_MAX_LENGTH,
  SURVEY_LINK_TTL_DAYS,
  SURVEY_SCORES,
} from '#domain/surveys.ts';
import { useAnswerSurvey, useSurvey } from './api/survey.ts';

/**
 * /survey/<token>: the one question after pickup, opened signed out from the survey's e-mail or
 * text, in the customer's language. Every answer, whatever the score, ends on the same thank-you
 * with the shop's Google review link (when the shop has one): asking only the happy ones is not fair,
 * and Google forbids it.
 */
export function SurveyPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-6 sm:py-10">
        <Survey token={token} />
      </div>
    </PublicLayout>
  );
}

function Survey({ token }: { token: string }) {
  const t = useT();
  const survey = useSurvey(token);
  const language = survey.data?.kind === 'open' ? survey.data.page.language : null;
  // The customer's language, whatever this browser prefers.
  useEffect(() => {
    if (language && language !== currentLanguage()) void activateLanguage(language, 'survey');
  }, [language]);

  if (survey.isPending) return <Spinner className="min-h-[40vh]" label={t('survey.loading')} />;
  if (survey.isError) {
    return (
      <StateCard icon={AlertTriangle} tone="warning" title={t('survey.loadFailed.title')}>
        <p>{t('survey.loadFailed.message')}</p>
        <Button className="mt-3" onClick={() => void survey.refetch()}>
          {t('survey.loadFailed.retry')}
        </Button>
      </StateCard>
    );
  }
  if (survey.data.kind === 'notValid') {
    return (
      <StateCard icon={LinkIcon} title={t('survey.notValid.title')}>
        <p>{t('survey.notValid.message', { days: SURVEY_LINK_TTL_DAYS })}</p>
        <CallUs />
      </StateCard>
    );
  }
  const { page } = survey.data;
  return page.answered ? <ThankYou reviewUrl={page.reviewUrl} /> : <Question token={token} page={page} />;
}

function CallUs() {
  return (
    <p className="text-sm">
      <Trans
        id="survey.thanks.call"
        values={{ phone: shop.phone }}
        components={{
          0: (
            <a
              href={`tel:${shop.phone}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {shop.phone}
            </a>
          ),
        }}
      />
    </p>
  );
}

interface Fields {
  score: string;
  comment: string;
}

function Question({ token, page }: { token: string; page: Page }) {
  const t = useT();
  const answer = useAnswerSurvey(token);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Fields>({ defaultValues: { score: '', comment: '' } });
  const chosen = watch('score');
  const onSubmit = handleSubmit((fields) =>
    answer.mutate({ score: Number(fields.score), comment: fields.comment.trim() || undefined }),
  );
  return (
    <Card>
      <CardContent className="space-y-5 p-5 sm:p-6">
        <div className="space-y-1">
          <p className="text-sm font-semibold text-slate-600">{page.shopName}</p>
          <h1 className="text-2xl font-extrabold text-slate-900">{t('survey.title')}</h1>
          <p className="text-slate-700">
            {page.vehicle
              ? t('survey.intro', { shop: page.shopName, vehicle: page.vehicle })
              : t('survey.introNoVehicle', { shop: page.shopName })}
          </p>
        </div>
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <div>
            <p id="survey-question" className="mb-3 text-base font-bold text-slate-900">
              {t('survey.question')}
            </p>
            <div
              role="radiogroup"
              aria-labelledby="survey-question"
              aria-describedby={errors.score ? 'survey-scale survey-score-error' : 'survey-scale'}
              aria-required="true"
              className="grid grid-cols-6 gap-2 sm:grid-cols-11 sm:gap-1.5"
            >
              {SURVEY_SCORES.map((score) => (
                <label
                  key={score}
                  className={cn(
                    'flex h-11 cursor-pointer items-center justify-center rounded-lg border text-base font-bold transition-colors',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
                    chosen === String(score)
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:bg-brand-50',
                  )}
                >
                  <input
                    type="radio"
                    value={String(score)}
                    className="sr-only"
                    aria-label={t('survey.scoreLabel', { score })}
                    {...register('score', { required: t('survey.chooseScore') })}
                  />
                  <span aria-hidden="true">{score}</span>
                </label>
              ))}
            </div>
            <p id="survey-scale" className="mt-2 flex justify-between gap-4 text-xs text-slate-600">
              <span>{t('survey.notLikely')}</span>
              <span className="text-right">{t('survey.veryLikely')}</span>
            </p>
            {errors.score?.message && (
              <p id="survey-score-error" role="alert" className="mt-2 text-sm font-semibold text-brand-700">
                {errors.score.message}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <label htmlFor="survey-comment" className="block font-semibold text-slate-900">
              {t('survey.comment')}
            </label>
            <p id="survey-comment-hint" className="text-sm text-slate-600">
              {t('survey.commentHint')}
            </p>
            <Textarea
              id="survey-comment"
              aria-describedby="survey-comment-hint"
              maxLength={SURVEY_COMMENT_MAX_LENGTH}
              {...register('comment')}
            />
          </div>
          {answer.isError && (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {problemText(errorMessage(answer.error, t('survey.sendFailed')))}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" disabled={answer.isPending}>
            {answer.isPending ? t('survey.sending') : t('survey.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ThankYou({ reviewUrl }: { reviewUrl: string | null }) {
  const t = useT();
  return (
    <StateCard icon={CheckCircle2} tone="success" title={t('survey.thanks.title')}>
      <p>{t('survey.thanks.message')}</p>
      {reviewUrl && (
        <div className="space-y-3 rounded-lg bg-slate-50 p-4">
          <p>{t('survey.thanks.review')}</p>
          <a
            href={reviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <Star className="size-5" aria-hidden="true" />
            {t('survey.thanks.reviewButton')}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('survey.thanks.newTab')}</span>
          </a>
        </div>
      )}
      <CallUs />
    </StateCard>
  );
}
