/**
 * The editor's guard on unsaved work (issue 30): leaving the page inside the console asks first,
 * closing or reloading the tab asks the browser's own question (beforeunload).
 *
 * The console runs on <BrowserRouter>: react-router's useBlocker needs a data router, which would
 * add 16 KB to every first load (the 250 KB budget), so the guard holds the router's own navigator
 * while there is unsaved work: a link, the menu or a navigate() waits for the answer. Back cannot
 * be held once the browser moved, so a copy of the editor's entry is pushed: Back lands on it,
 * and the question comes then (staying puts the copy back, leaving goes back once more).
 */
import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/Dialog.js';

type Leave = () => void;

/** Marks the history entry the guard pushed. */
const COPY = 'unsavedGuard';

export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [leave, setLeave] = useState<{ go: Leave; stay?: () => void } | null>(null);

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

  useEffect(() => {
    if (!dirty) return;
    const { push, replace } = navigator;
    navigator.push = (...args: Parameters<typeof push>) => setLeave({ go: () => push.apply(navigator, args) });
    navigator.replace = (...args: Parameters<typeof replace>) => setLeave({ go: () => replace.apply(navigator, args) });
    // Pushed once: the copy is marked, and a save then another edit finds it in place.
    const keep = () => {
      const state = window.history.state as Record<string, unknown> | null;
      if (!state?.[COPY]) window.history.pushState({ ...state, [COPY]: true }, '', window.location.href);
    };
    keep();
    const onBack = () => setLeave({ go: () => window.history.back(), stay: keep });
    window.addEventListener('popstate', onBack);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('popstate', onBack);
    };
  }, [dirty, navigator]);

  if (!leave) return null;
  const answer = (go: boolean) => {
    setLeave(null);
    if (go) leave.go();
    else leave.stay?.();
  };
  return (
    <ConfirmDialog title={t('web.flowEditor.leave.title')} confirmLabel={t('web.flowEditor.leave.confirm')} onConfirm={() => answer(true)} onClose={() => answer(false)}>
      <p data-unsaved-warning>{t('web.flowEditor.leave.text')}</p>
    </ConfirmDialog>
  );
}
