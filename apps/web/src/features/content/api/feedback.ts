import {
  FEEDBACK_PAGE_SIZE,
  findFeedback,
  submitFeedback,
  type SubmitFeedbackBody,
} from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export const FEEDBACK_QUERY_ROOT = ['content', 'feedback'] as const;

/** The member's feedback history; the token keys it so another member never sees it cached. */
export const feedbackHistoryQuery = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: [...FEEDBACK_QUERY_ROOT, token, pageNo] as const,
    queryFn: ({ signal }) =>
      call(findFeedback, { query: { pageNo, pageSize: FEEDBACK_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useFeedbackHistory = (token: string | null, pageNo: number, enabled: boolean) =>
  useQuery({ ...feedbackHistoryQuery(token, pageNo), enabled: enabled && Boolean(token) });

export const submitFeedbackRequest = (body: SubmitFeedbackBody) => call(submitFeedback, { body });
