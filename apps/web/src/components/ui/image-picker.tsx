import { useId, type ChangeEvent, type ReactNode } from 'react';
import { readProofFiles, type ProofFile, type ProofFileProblem } from '@/lib/image-files';
import formStyles from './form/form.module.css';
import { Icon } from './icon';
import styles from './image-picker.module.css';

const LOOKS = {
  tile: {
    list: styles.previews,
    item: `${styles.preview} ${styles.tile}`,
    remove: styles.tileRemove,
    mark: <Icon name="close" size={14} />,
  },
  framed: {
    list: `${styles.previews} ${styles.spaced}`,
    item: `${styles.preview} ${styles.framed}`,
    remove: 'btn btn--secondary',
    mark: '×',
  },
} as const;

type ImagePickerProps = {
  label: ReactNode;
  /** Under the file input: the rules the images must meet. */
  hint?: ReactNode;
  images: readonly ProofFile[];
  /** Takes an update of the list as it stands (a state setter), as reading waits on the files. */
  onImagesChange: (update: (current: ProofFile[]) => ProofFile[]) => void;
  /** A choice was refused (nothing of it kept), or a later one was taken (null). */
  onProblem: (problem: ProofFileProblem | null) => void;
  /** How many images at most; the input is disabled once they are picked. */
  max: number;
  removeLabel: (name: string) => string;
  look: keyof typeof LOOKS;
  testId: string;
  previewsTestId?: string;
};

/**
 * PNG or JPEG images to upload (feedback, withdrawal proofs): each choice is checked by
 * readProofFiles and added after those already picked; each preview has its remove button.
 */
export const ImagePicker = ({
  label,
  hint,
  images,
  onImagesChange,
  onProblem,
  max,
  removeLabel,
  look,
  testId,
  previewsTestId,
}: ImagePickerProps) => {
  const inputId = useId();
  const classes = LOOKS[look];

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // The same file may be chosen again after removing it.
    input.value = '';
    if (files.length === 0) return;
    const read = await readProofFiles(files, images.length, max);
    if (!read.ok) {
      onProblem(read.problem);
      return;
    }
    onProblem(null);
    onImagesChange((current) => [...current, ...read.files]);
  };

  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        disabled={images.length >= max}
        data-testid={testId}
        onChange={(event) => void onFiles(event)}
      />
      {hint && <p className={formStyles.hint}>{hint}</p>}
      {images.length > 0 && (
        <ul className={classes.list} data-testid={previewsTestId}>
          {images.map((image, index) => (
            <li key={`${image.name}-${index}`} className={classes.item}>
              <img src={image.previewUrl} alt={image.name} />
              <button
                type="button"
                className={classes.remove}
                aria-label={removeLabel(image.name)}
                onClick={() =>
                  onImagesChange((current) => current.filter((_, kept) => kept !== index))
                }
              >
                {classes.mark}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
