import {
  APPLICATION_COMMENT_MAX,
  ApplyBodySchema,
  PROOF_IMAGE_MAX_COUNT,
  visibleLength,
  type Promotion,
} from '@lanna/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { refusal } from '@/components/ui/form/issue-text';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { ImagePicker } from '@/components/ui/image-picker';
import { Modal } from '@/components/ui/modal/modal';
import type { ProofFile } from '@/lib/image-files';
import { useApplyToPromotion } from '../api/apply-to-promotion';
import styles from './applications.module.css';

const { comment } = ApplyBodySchema.shape;

/**
 * The dialog's own fields, checked by the contract's rules: a comment of up to 140 characters
 * as a person counts them (a Thai syllable with its tone mark is one), and up to 3 images as
 * picked, sent as their base64.
 */
const applicationSchema = z.object({
  comment: z
    .string()
    .refine(
      (text) => comment.safeParse(text).success,
      refusal({ key: 'promotions.apply.commentLength', values: { max: APPLICATION_COMMENT_MAX } }),
    ),
  images: z.array(z.custom<ProofFile>()).max(PROOF_IMAGE_MAX_COUNT),
});

type ApplicationFormProps = { promotionId: number; onApplied: () => void };

/**
 * The application itself: the comment with its count, the images (PNG or JPEG by their bytes,
 * 5 MB each, 3 at most, checked here before sending and again on the server) and the submit. A
 * refusal stays in the dialog in the member's language.
 */
const ApplicationForm = ({ promotionId, onApplied }: ApplicationFormProps) => {
  const { t } = useTranslation();
  const commentId = useId();
  const counterId = useId();
  const apply = useApplyToPromotion();
  const form = useContractForm(applicationSchema, { comment: '', images: [] });
  const submitting = form.formState.isSubmitting;
  const images = form.watch('images');
  const length = visibleLength(form.watch('comment').trim());
  const commentError = form.fieldError('comment');
  const problem = form.fieldError('images');

  const onSubmit = form.submit(async (fields) => {
    await apply.mutateAsync({
      id: promotionId,
      body: { comment: fields.comment, images: fields.images.map((image) => image.base64) },
    });
    onApplied();
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} data-testid="application-form">
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={commentId}>
          {t('promotions.apply.comment')}
        </label>
        <textarea
          id={commentId}
          className={styles.textarea}
          rows={4}
          {...form.register('comment')}
          placeholder={t('promotions.apply.commentHint', { max: APPLICATION_COMMENT_MAX })}
          aria-invalid={Boolean(commentError)}
          aria-describedby={counterId}
          data-testid="application-comment"
        />
        <span
          id={counterId}
          className={styles.counter}
          data-over={length > APPLICATION_COMMENT_MAX}
          data-testid="application-comment-count"
        >
          {length}/{APPLICATION_COMMENT_MAX}
        </span>
        {commentError && (
          <p className={formStyles.error} data-testid="application-comment-error">
            {commentError}
          </p>
        )}
      </div>
      <div data-testid="application-images">
        <ImagePicker
          label={t('promotions.apply.images', { count: PROOF_IMAGE_MAX_COUNT })}
          images={images}
          onImagesChange={(update) => form.setValue('images', update(form.getValues('images')))}
          onProblem={(found) =>
            found
              ? form.setError('images', { message: t(`promotions.apply.file.${found}`) })
              : form.clearErrors('images')
          }
          max={PROOF_IMAGE_MAX_COUNT}
          removeLabel={(name) => t('promotions.apply.removeImage', { name })}
          look="tile"
          testId="application-files"
          previewsTestId="application-previews"
        />
      </div>
      {problem && <FormAlert testId="application-problem">{problem}</FormAlert>}
      {form.alert && <FormAlert testId="application-error">{form.alert}</FormAlert>}
      <SubmitButton busy={submitting} testId="application-submit">
        {submitting ? t('promotions.apply.sending') : t('promotions.apply.submit')}
      </SubmitButton>
    </form>
  );
};

type ApplicationDialogProps = {
  /** The activity applied to; null keeps the dialog closed. */
  promotion: Pick<Promotion, 'id' | 'title'> | null;
  onClose: () => void;
  onApplied: () => void;
};

/**
 * Applying to an apply-and-review activity (spec section 5, activity application), in the
 * generic modal: focus kept inside, Escape closes it. The form starts afresh on each opening.
 */
export const ApplicationDialog = ({ promotion, onClose, onApplied }: ApplicationDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      name="promotionApplication"
      open={promotion !== null}
      title={t('promotions.apply.title', { title: promotion?.title ?? '' })}
      closable
      closeLabel={t('common.close')}
      onClose={onClose}
    >
      {promotion && <ApplicationForm promotionId={promotion.id} onApplied={onApplied} />}
    </Modal>
  );
};
