/**
 * Pages whose plan flag the document gates with a message (messages API, prompts, integrations):
 * without the flag the user is told so and sent to / after the redirect delay. Answers whether
 * the page may show.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanFlag } from '@atende/shared';
import { useToast } from '../ui/toast.js';
import { useDelayedNavigate } from '../ui/useDelayedNavigate.js';
import { useApi } from './api.js';
import { guardContextOf } from './guard.js';
import { hasPlanFlag } from './routes.js';

export function usePlanGate(flag: PlanFlag, refusalKey: string): boolean {
  const { t } = useTranslation();
  const { user } = useApi();
  const toast = useToast();
  const redirect = useDelayedNavigate();
  const allowed = hasPlanFlag(guardContextOf(user), flag);
  useEffect(() => {
    if (allowed) return;
    toast.error(t(refusalKey));
    redirect('/');
  }, [allowed, refusalKey, toast, t, redirect]);
  return allowed;
}
