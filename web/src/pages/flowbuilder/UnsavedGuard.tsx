/**
 * The editor's guard on unsaved work (issue 30): leaving the page inside the console (the menu, a
 * link, Back) asks first, with the router's blocker; closing or reloading the tab asks the
 * browser's own question (beforeunload).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/Dialog.js';

export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog title={t('web.flowEditor.leave.title')} confirmLabel={t('web.flowEditor.leave.confirm')} onConfirm={() => blocker.proceed()} onClose={() => blocker.reset()}>
      <p data-unsaved-warning>{t('web.flowEditor.leave.text')}</p>
    </ConfirmDialog>
  );
}
