import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAfterRemoval } from '../../../components/use-focus-after-removal.ts';

/**
 * A list of the event form's rows (sessions, schedules, categories, prices) with its "add" button:
 * `list` and `add` go on them, and `removeAt(index, remove)` removes a row and gives the focus to
 * the row that took its place, else the one before, else the "add" button.
 */
export function useRowList<List extends HTMLElement>() {
  const focusAfterRemoval = useFocusAfterRemoval();
  const list = useRef<List>(null);
  const add = useRef<HTMLButtonElement>(null);
  const removeAt = (index: number, remove: () => void) => {
    remove();
    focusAfterRemoval(list.current, index, add.current);
  };
  return { list, add, removeAt };
}

/** A row's "Удалить" button (disabled, with the reason it names, while orders hold the row). */
export function RemoveRowButton({
  onRemove,
  disabled = false,
  describedBy,
}: {
  onRemove: () => void;
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation('admin-catalog');
  return (
    <button
      type="button"
      className="admin-button admin-button--plain"
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={onRemove}
    >
      {t('form.remove')}
    </button>
  );
}
