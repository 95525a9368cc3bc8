import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import styles from './game-search-form.module.css';

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
  const [value, setValue] = useState(initial);
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" className={styles.form} onSubmit={submit} data-testid={testId}>
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <Icon name="search" size={18} className={styles.icon} aria-hidden="true" />
      <input
        id={id}
        type="search"
        className={styles.input}
        value={value}
        maxLength={100}
        placeholder={placeholder}
        onChange={(event) => setValue(event.target.value)}
        data-testid={`${testId}-input`}
        enterKeyHint="search"
      />
      {value && (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('lobby.clearSearch')}
          onClick={() => {
            setValue('');
            onSearch('');
          }}
        >
          <Icon name="close" size={16} />
        </button>
      )}
      <button type="submit" className="btn btn--primary btn--sm" data-testid={`${testId}-submit`}>
        {t('lobby.search')}
      </button>
    </form>
  );
};
