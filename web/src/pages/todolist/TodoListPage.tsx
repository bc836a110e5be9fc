/** /todolist (document 1 section 2): a task list kept only in this browser; add, edit, delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../ui/controls.js';
import { formatShortDateTime } from '../../ui/format.js';
import { PageFrame, PageHeader, Paper, SearchInput, StatusRow, Table } from '../../ui/Page.js';
import { readTasks, saveTask, writeTasks, type Task } from './todos.js';

export default function TodoListPage() {
  const { t } = useTranslation();
  const [tasks, setTasks] = useState<Task[]>(readTasks);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const update = (next: Task[]) => {
    setTasks(next);
    writeTasks(next);
  };

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    update(saveTask(tasks, text, editing));
    setText('');
    setEditing(null);
  };

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.todolist')} />
      <form onSubmit={submit} aria-label={t('web.backoffice.todo.form')} style={{ display: 'flex', gap: 8 }}>
        <SearchInput name="task" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('web.backoffice.todo.placeholder')} aria-label={t('web.backoffice.todo.placeholder')} style={{ flex: 1 }} />
        <Button type="submit">{editing === null ? t('web.backoffice.todo.add') : t('web.common.save')}</Button>
      </form>
      <Paper>
        <Table>
          <thead>
            <tr>
              <th>{t('web.backoffice.todo.task')}</th>
              <th>{t('web.backoffice.todo.updatedAt')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task, index) => (
              <tr key={`${task.createdAt}-${index}`} data-task={task.text}>
                <td>{task.text}</td>
                <td>{formatShortDateTime(task.updatedAt)}</td>
                <td className="actions">
                  <IconButton
                    icon="edit"
                    label={t('web.common.edit')}
                    onClick={() => {
                      setEditing(index);
                      setText(task.text);
                    }}
                  />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => update(tasks.filter((_, position) => position !== index))} />
                </td>
              </tr>
            ))}
            <StatusRow loading={false} empty={tasks.length === 0} colSpan={3} text={t('web.empty.todolist')} />
          </tbody>
        </Table>
      </Paper>
    </PageFrame>
  );
}
