import { GameNameQuerySchema } from '@lanna/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { Icon } from '@/components/ui/icon';
import styles from './game-search-form.module.css';

/** The list query's own rule for a name: up to 100 characters, starting with a letter or digit. */
const searchSchema = z.object({ name: GameNameQuerySchema });

type GameSearchFormProps = {
  initial: string;
  onSearch: (name: string) => void;
  placeholder: string;
  testId: string;
};

/** A game-name search box: the name is trimmed when it is sent (spec section 4). */
export const GameSearchForm = ({ initial, onSearch, placeholder, testId }: GameSearchFormProps) => {
  const { t } = useTranslation();
  const id = useId();
  const form = useContractForm(searchSchema, { name: initial });
  const error = form.fieldError('name');
  return (
    <form
      role="search"
      className={styles.form}
      noValidate
      onSubmit={form.submit(({ name }) => onSearch(name.trim()))}
      data-testid={testId}
    >
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <Icon name="search" size={18} className={styles.icon} aria-hidden="true" />
      <input
        id={id}
        type="search"
        className={styles.input}
        maxLength={100}
        placeholder={placeholder}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register('name')}
        data-testid={`${testId}-input`}
        enterKeyHint="search"
      />
      {form.watch('name') && (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('lobby.clearSearch')}
          onClick={() => {
            form.reset({ name: '' });
            onSearch('');
          }}
        >
          <Icon name="close" size={16} />
        </button>
      )}
      <button type="submit" className="btn btn--primary btn--sm" data-testid={`${testId}-submit`}>
        {t('lobby.search')}
      </button>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
};
