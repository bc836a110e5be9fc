/**
 * The connection alerts of issue 21 for admins, wherever they are in the console: a connection
 * down longer than the server's setting, and its return. Each one is a toast; the last few are
 * kept for the connections page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionAlert } from '@atende/shared';
import { useToast } from '../ui/toast.js';
import { useUser } from './api.js';
import { useChannel } from './realtime.js';

const KEPT = 5;

export function useConnectionAlerts(): ConnectionAlert[] {
  const { t } = useTranslation();
  const user = useUser();
  const toast = useToast();
  const [alerts, setAlerts] = useState<ConnectionAlert[]>([]);
  useChannel<ConnectionAlert>(
    'connectionAlert',
    (alert) => {
      setAlerts((previous) => [alert, ...previous].slice(0, KEPT));
      if (alert.action === 'down') toast.warning(t('health.alert.downSubject', { name: alert.name }));
      else toast.success(t('health.alert.upSubject', { name: alert.name }));
    },
    user.profile === 'admin' || user.super,
  );
  return alerts;
}
