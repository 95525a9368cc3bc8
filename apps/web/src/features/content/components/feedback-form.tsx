import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_QUESTION_TYPES,
  PROOF_IMAGE_MAX_COUNT,
  visibleLength,
  type FeedbackQuestionType,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { ImagePicker } from '@/components/ui/image-picker';
import { errorMessageKey } from '@/lib/api/api-error';
import type { ProofFile } from '@/lib/image-files';
import { FEEDBACK_QUERY_ROOT, submitFeedbackRequest } from '../api/feedback';
import styles from './feedback.module.css';

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
  const [questionType, setQuestionType] = useState<FeedbackQuestionType>('deposit');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ProofFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const length = visibleLength(content.trim());

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSent(false);
    if (length < FEEDBACK_CONTENT_MIN || length > FEEDBACK_CONTENT_MAX) {
      setProblem('feedback.contentLength');
      return;
    }
    setProblem(null);
    setFailure(null);
    setSubmitting(true);
    try {
      await submitFeedbackRequest({
        questionType,
        content,
        images: images.map((image) => image.base64),
      });
      setContent('');
      setImages([]);
      setSent(true);
      void queryClient.invalidateQueries({ queryKey: FEEDBACK_QUERY_ROOT });
    } catch (caught) {
      setFailure(caught);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="feedback-form"
    >
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={typeId}>
          {t('feedback.questionType')}
          <span className={formStyles.required}>*</span>
        </label>
        <select
          id={typeId}
          className={styles.select}
          value={questionType}
          data-testid="feedback-type"
          onChange={(event) => setQuestionType(event.currentTarget.value as FeedbackQuestionType)}
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
          value={content}
          placeholder={t('feedback.contentHint', {
            min: FEEDBACK_CONTENT_MIN,
            max: FEEDBACK_CONTENT_MAX,
          })}
          aria-invalid={problem === 'feedback.contentLength'}
          data-testid="feedback-content"
          onChange={(event) => setContent(event.currentTarget.value)}
        />
        <span className={styles.counter} aria-live="polite">
          {length}/{FEEDBACK_CONTENT_MAX}
        </span>
      </div>
      <ImagePicker
        label={t('feedback.images', { count: PROOF_IMAGE_MAX_COUNT })}
        images={images}
        onImagesChange={setImages}
        onProblem={(found) => setProblem(found && `feedback.file.${found}`)}
        max={PROOF_IMAGE_MAX_COUNT}
        removeLabel={(name) => t('feedback.removeImage', { name })}
        look="tile"
        testId="feedback-files"
      />
      {problem && (
        <FormAlert testId="feedback-problem">
          {t(problem, { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX })}
        </FormAlert>
      )}
      {failure !== null && (
        <FormAlert testId="feedback-error">{t(errorMessageKey(failure))}</FormAlert>
      )}
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
