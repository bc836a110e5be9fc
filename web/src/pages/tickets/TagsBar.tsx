/** The ticket's tags (in the contact panel): shown as chips, removed one by one, added from the company's tags, kept live (POST /tags/sync). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Tag, TagEvent, Ticket } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Chip } from '../../ui/controls.js';
import { useErrorToast } from '../../ui/toast.js';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  font-size: 13px;
  button {
    border: none;
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  select {
    padding: 2px 6px;
    border: 1px solid ${({ theme }) => theme.border};
    border-radius: 6px;
    background: ${({ theme }) => theme.paper};
  }
`;

export function TagsBar({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [tags, setTags] = useState<Tag[]>([]);
  const [current, setCurrent] = useState(ticket.tags);

  useEffect(() => setCurrent(ticket.tags), [ticket.tags]);
  useEffect(() => {
    api.tags.list().then(setTags).catch(showError);
  }, [api, showError]);

  useChannel<TagEvent>('tag', (event) => {
    const id = event.action === 'delete' ? event.tagId : event.tag.id;
    setTags((known) => {
      const others = known.filter((tag) => tag.id !== id);
      return event.action === 'delete' ? others : [...others, event.tag].sort((a, b) => a.name.localeCompare(b.name));
    });
  });

  const sync = async (ids: string[]) => {
    try {
      await api.tags.sync(ticket.id, ids);
      setCurrent(tags.filter((tag) => ids.includes(tag.id)));
    } catch (error) {
      showError(error);
    }
  };
  const ids = current.map((tag) => tag.id);
  const available = tags.filter((tag) => !ids.includes(tag.id));

  return (
    <Bar aria-label={t('web.inbox.tagsBar.label')} data-tags-bar>
      {current.map((tag) => (
        <Chip key={tag.id} $color={tag.color} data-tag={tag.name}>
          {tag.name}{' '}
          <button type="button" aria-label={`${t('web.common.delete')} ${tag.name}`} onClick={() => void sync(ids.filter((id) => id !== tag.id))}>
            ×
          </button>
        </Chip>
      ))}
      {available.length > 0 ? (
        <select aria-label={t('web.inbox.tagsBar.add')} value="" onChange={(event) => void sync([...ids, event.target.value])}>
          <option value="">{t('web.inbox.tagsBar.add')}</option>
          {available.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </select>
      ) : null}
    </Bar>
  );
}
