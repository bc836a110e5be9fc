import { useState } from 'react';
import { useErrorToast, useToast } from './toast.js';

export interface Deletion<T> {
  /** The record waiting for the confirm dialog, if any. */
  deleting: T | null;
  ask(record: T): void;
  cancel(): void;
  /** Deletes the record asked about (the confirm dialog's button). */
  confirm(): Promise<void>;
  /** Deletes at once: the success toast, or the error code's text. */
  remove(record: T): Promise<void>;
}

/** Deleting a record from a list page: the call, the list update, the toasts, the confirm step. */
export function useDeletion<T extends { id: string }>(
  call: (id: string) => Promise<unknown>,
  onRemoved: (id: string) => void,
  deletedText: string,
  onFailure?: (error: unknown) => void,
): Deletion<T> {
  const toast = useToast();
  const errorToast = useErrorToast();
  const showError = onFailure ?? errorToast;
  const [deleting, setDeleting] = useState<T | null>(null);

  const remove = async (record: T) => {
    try {
      await call(record.id);
      onRemoved(record.id);
      toast.success(deletedText);
    } catch (error) {
      showError(error);
    }
  };

  return {
    deleting,
    ask: setDeleting,
    cancel: () => setDeleting(null),
    async confirm() {
      if (deleting) await remove(deleting);
      setDeleting(null);
    },
    remove,
  };
}
