import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_QUESTION_TYPES,
  PROOF_IMAGE_MAX_COUNT,
  SubmitFeedbackBodySchema,
  visibleLength,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { refusal } from '@/components/ui/form/issue-text';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { ImagePicker } from '@/components/ui/image-picker';
import type { ProofFile } from '@/lib/image-files';
import { FEEDBACK_QUERY_ROOT, submitFeedbackRequest } from '../api/feedback';
import styles from './feedback.module.css';

const { questionType, content } = SubmitFeedbackBodySchema.shape;

/** The request's own fields; the images as picked, sent as their base64. */
const feedbackSchema = z.object({
  questionType,
  content: z.string().refine(
    (text) => content.safeParse(text).success,
    refusal({
      key: 'feedback.contentLength',
      values: { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX },
    }),
  ),
  images: z.array(z.custom<ProofFile>()),
});

/**
 * The feedback form (spec sections 3, 5 and 7): a question type, a description of 10 to 500
 * characters and up to 3 PNG or JPEG images of 5 MB, checked here before sending and again on
 * the server. A sent feedback appears in the history below.
 */
export const FeedbackForm = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const typeId = useId();
  const contentId = useId();
  const form = useContractForm(feedbackSchema, {
    questionType: 'deposit',
    content: '',
    images: [],
  });
  const { isSubmitting: submitting, isSubmitSuccessful: sent } = form.formState;
  const images = form.watch('images');
  const length = visibleLength(form.watch('content').trim());
  const problem = form.fieldError('content') ?? form.fieldError('images');

  const onSubmit = form.submit(async (fields) => {
    await submitFeedbackRequest({
      ...fields,
      images: fields.images.map((image) => image.base64),
    });
    form.setValue('content', '');
    form.setValue('images', []);
    void queryClient.invalidateQueries({ queryKey: FEEDBACK_QUERY_ROOT });
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} data-testid="feedback-form">
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={typeId}>
          {t('feedback.questionType')}
          <span className={formStyles.required}>*</span>
        </label>
        <select
          id={typeId}
          className={styles.select}
          {...form.register('questionType')}
          data-testid="feedback-type"
        >
          {FEEDBACK_QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`feedback.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={contentId}>
          {t('feedback.content')}
          <span className={formStyles.required}>*</span>
        </label>
        <textarea
          id={contentId}
          className={styles.textarea}
          rows={5}
          {...form.register('content')}
          placeholder={t('feedback.contentHint', {
            min: FEEDBACK_CONTENT_MIN,
            max: FEEDBACK_CONTENT_MAX,
          })}
          aria-invalid={Boolean(form.fieldError('content'))}
          data-testid="feedback-content"
        />
        <span className={styles.counter} aria-live="polite">
          {length}/{FEEDBACK_CONTENT_MAX}
        </span>
      </div>
      <ImagePicker
        label={t('feedback.images', { count: PROOF_IMAGE_MAX_COUNT })}
        images={images}
        onImagesChange={(update) => form.setValue('images', update(form.getValues('images')))}
        onProblem={(found) =>
          found
            ? form.setError('images', { message: t(`feedback.file.${found}`) })
            : form.clearErrors('images')
        }
        max={PROOF_IMAGE_MAX_COUNT}
        removeLabel={(name) => t('feedback.removeImage', { name })}
        look="tile"
        testId="feedback-files"
      />
      {problem && <FormAlert testId="feedback-problem">{problem}</FormAlert>}
      {form.alert && <FormAlert testId="feedback-error">{form.alert}</FormAlert>}
      {sent && (
        <FormAlert tone="success" testId="feedback-sent">
          {t('feedback.sent')}
        </FormAlert>
      )}
      <button type="submit" className="btn btn--primary" disabled={submitting}>
        {submitting ? t('common.loading') : t('feedback.submit')}
      </button>
    </form>
  );
};
