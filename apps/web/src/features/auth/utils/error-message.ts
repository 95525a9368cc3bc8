import { failureText } from '@/components/ui/form/failure-text';
import { isApiError } from '@/lib/api/api-error';

/** The sentence a member reads for a failure, as forms show it (`failureText`). */
export const errorText = failureText;

/** Field issues of a VALIDATION_FAILED answer, by field name (the server's `path`). */
export const issuesByField = (error: unknown): Record<string, string> => {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return {};
  return Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]));
};
