/** /files (document 3 section 2): searchable file lists, infinite scroll, add/edit dialog, delete confirmation, live updates. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FileList, FileListEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import FileListModal from './FileListModal.js';

const Muted = styled.span`
  color: ${({ theme }) => theme.textSecondary};
`;

export default function FilesPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  // Writing is the admins' (the server's rule); everyone else sees the lists campaigns offer.
  const canWrite = me.super || me.profile === 'admin';
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<FileList | null | undefined>(undefined);
  const { search, setSearch, list, scroll, deletion } = useLiveList<FileList, FileListEvent>({
    fetchPage: (query) => api.files.page(query).then((page) => ({ items: page.files, hasMore: page.hasMore })),
    channel: 'file',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.fileListId } : { put: event.fileList }),
    remove: api.files.remove,
    deletedText: t('web.files.deleted'),
    order: (a, b) => a.name.localeCompare(b.name),
  });

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.files')}>
        <SearchField value={search} onChange={setSearch} />
        {canWrite ? <Button onClick={() => setEditing(null)}>{t('web.files.add')}</Button> : null}
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.files.name')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((fileList) => (
              <tr key={fileList.id} data-file-list={fileList.name}>
                <td>
                  {fileList.name} <Muted>· {t('web.files.fileCount', { count: fileList.options.length })}</Muted>
                </td>
                <td className="actions">
                  {canWrite ? (
                    <>
                      <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(fileList)} />
                      <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(fileList)} />
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={2} text={t('web.empty.files')} search={search} action={canWrite ? <Button onClick={() => setEditing(null)}>{t('web.files.add')}</Button> : null} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <FileListModal fileList={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.files.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.files.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
