/** The ticket's tags (document 2): Space ticks or unticks, Enter saves exactly the ticked ones. */
import type { Tag, Ticket, TicketTagShort } from '@atende/shared';
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

export interface TagsDialogProps {
  api: ApiClient;
  ticket: Ticket;
  width: number;
  height: number;
  onDone(tags: TicketTagShort[]): void;
  onCancel(): void;
  onError(error: unknown): void;
}

export function TagsDialog({ api, ticket, width, height, onDone, onCancel, onError }: TagsDialogProps) {
  const { t } = useTexts();
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [ticked, setTicked] = useState(() => new Set(ticket.tags.map((tag) => tag.id)));
  const [cursor, setCursor] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.tags.list().then(setTags, onError);
  }, [api, onError]);

  const list = tags ?? [];
  const current = clamp(cursor, list.length);

  useKeys(
    (input, key) => {
      if (key.upArrow || key.downArrow) setCursor(clamp(current + (key.upArrow ? -1 : 1), list.length));
      else if (input === ' ' && list[current]) {
        const id = list[current]!.id;
        setTicked((before) => toggled(before, id));
      } else if (key.escape) onCancel();
      else if (key.return) {
        setSaving(true);
        api.tags.sync(ticket.id, [...ticked]).then(
          (answer) => onDone(answer.tags),
          (error: unknown) => {
            setSaving(false);
            onError(error);
          },
        );
      }
    },
    { isActive: !saving },
  );

  const items = list.map((tag) => ({ id: tag.id, label: tag.name, color: terminalColor(tag.color), checked: ticked.has(tag.id) }));
  return (
    <Dialog title={t('tui.tags.title', { name: ticket.contact?.name ?? '' })} hint={t('tui.tags.hint')} width={width} height={height}>
      {tags === null ? <Text dimColor>{t('tui.list.loading')}</Text> : <PickList items={items} cursor={current} height={dialogListRows(height)} empty={t('tui.tags.none')} />}
    </Dialog>
  );
}
