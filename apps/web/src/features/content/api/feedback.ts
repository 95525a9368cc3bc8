import {
  FEEDBACK_PAGE_SIZE,
  findFeedback,
  submitFeedback,
  type SubmitFeedbackBody,
} from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export const FEEDBACK_QUERY_ROOT = ['content', 'feedback'] as const;

/** Where a list stands: its page number, and the cursor the page beside it handed out. */
export type ListPlace = { pageNo: number; cursor?: string | undefined };

/**
 * The member's feedback history, a page by its number or by the cursor the page beside it
 * handed out (decision 016); the token keys it so another member never sees it cached.
 */
export const feedbackHistoryQuery = (token: string | null, place: ListPlace) =>
  queryOptions({
    queryKey: [...FEEDBACK_QUERY_ROOT, token, place.pageNo, place.cursor] as const,
    queryFn: ({ signal }) =>
      call(
        findFeedback,
        {
          query: {
            pageNo: place.pageNo,
            pageSize: FEEDBACK_PAGE_SIZE,
            ...(place.cursor ? { cursor: place.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useFeedbackHistory = (token: string | null, place: ListPlace, enabled: boolean) =>
  useQuery({ ...feedbackHistoryQuery(token, place), enabled: enabled && Boolean(token) });

export const submitFeedbackRequest = (body: SubmitFeedbackBody) => call(submitFeedback, { body });
