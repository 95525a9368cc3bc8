import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_QUESTION_TYPES,
  PROOF_IMAGE_MAX_COUNT,
  visibleLength,
  type FeedbackQuestionType,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { Icon } from '@/components/ui/icon';
import { errorMessageKey } from '@/lib/api/api-error';
import { readProofFiles, type ProofFile } from '@/lib/image-files';
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
  const fileId = useId();
  const [questionType, setQuestionType] = useState<FeedbackQuestionType>('deposit');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ProofFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const length = visibleLength(content.trim());

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    const read = await readProofFiles(files, images.length);
    if (!read.ok) {
      setProblem(`feedback.file.${read.problem}`);
      return;
    }
    setProblem(null);
    setImages((current) => [...current, ...read.files]);
  };

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
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={fileId}>
          {t('feedback.images', { count: PROOF_IMAGE_MAX_COUNT })}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/png,image/jpeg"
          multiple
          disabled={images.length >= PROOF_IMAGE_MAX_COUNT}
          data-testid="feedback-files"
          onChange={(event) => void onFiles(event)}
        />
        {images.length > 0 && (
          <ul className={styles.previews}>
            {images.map((image, index) => (
              <li key={`${image.name}-${index}`} className={styles.preview}>
                <img src={image.previewUrl} alt={image.name} />
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('feedback.removeImage', { name: image.name })}
                  onClick={() => setImages((current) => current.filter((_, at) => at !== index))}
                >
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
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
