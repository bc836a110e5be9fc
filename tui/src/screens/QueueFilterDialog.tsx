/** Filter by queue (document 1 section 2): Space ticks queues, Enter applies; none ticked shows all. */
import type { Queue, TicketViewer } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { terminalColor } from '../ui/colors.js';
import { PickList } from '../ui/PickList.js';
import { toggled } from '../ui/toggled.js';
import { clamp } from '../ui/window.js';
import { Dialog, dialogListRows } from './Dialog.js';
import { useKeys } from '../ui/keys.js';

export interface QueueFilterDialogProps {
  api: ApiClient;
  /** Agents filter among their own queues, admins among all. */
  viewer: TicketViewer;
  selected: string[];
  width: number;
  height: number;
  onApply(queueIds: string[]): void;
  onCancel(): void;
  onError(error: unknown): void;
}

export function QueueFilterDialog({ api, viewer, selected, width, height, onApply, onCancel, onError }: QueueFilterDialogProps) {
  const { t } = useTexts();
  const [queues, setQueues] = useState<Queue[] | null>(null);
  useEffect(() => {
    api.queues.list().then((all) => setQueues(viewer.isAdmin ? all : all.filter((queue) => viewer.queueIds.includes(queue.id))), onError);
  }, [api, viewer, onError]);
  const [ticked, setTicked] = useState(() => new Set(selected));
  const [cursor, setCursor] = useState(0);
  const list = queues ?? [];
  const current = clamp(cursor, list.length);

  useKeys((input, key) => {
    if (key.upArrow || key.downArrow) setCursor(clamp(current + (key.upArrow ? -1 : 1), list.length));
    else if (input === ' ' && list[current]) {
      const id = list[current]!.id;
      setTicked((before) => toggled(before, id));
    } else if (key.escape) onCancel();
    else if (key.return) onApply(list.filter((queue) => ticked.has(queue.id)).map((queue) => queue.id));
  });

  const items = list.map((queue) => ({ id: queue.id, label: queue.name, color: terminalColor(queue.color), checked: ticked.has(queue.id) }));
  return (
    <Dialog title={t('tui.queues.title')} hint={t('tui.queues.hint')} width={width} height={height}>
      {queues === null ? <Text dimColor>{t('tui.list.loading')}</Text> : <PickList items={items} cursor={current} height={dialogListRows(height)} empty={t('tui.queues.none')} />}
    </Dialog>
  );
}
