import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getJson, sendJson } from '#client/lib/api.ts';
import {
  type SurveyAnswer,
  type SurveyPage,
  surveyAnsweredSchema,
  surveyPageSchema,
} from '#domain/surveys.ts';

const base = (token: string) => `/api/surveys/${encodeURIComponent(token)}`;

/** What the link opens: the survey, or "not valid" (404: wrong, tampered or expired). */
export type SurveyState = { kind: 'open'; page: SurveyPage } | { kind: 'notValid' };

async function fetchSurvey(token: string): Promise<SurveyState> {
  try {
    return { kind: 'open', page: await getJson(base(token), surveyPageSchema) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'notValid' };
    throw error;
  }
}

const surveyKey = (token: string) => ['/api/surveys', token] as const;

export function useSurvey(token: string) {
  return useQuery(queryOptions({ queryKey: surveyKey(token), queryFn: () => fetchSurvey(token) }));
}

/** The one answer; afterwards the page reads "answered" (with the review link) from the server. */
export function useAnswerSurvey(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: SurveyAnswer) => sendJson('POST', base(token), answer, surveyAnsweredSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveyKey(token) }),
  });
}
