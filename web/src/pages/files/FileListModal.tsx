/**
 * Add / edit a file list (document 3): name, message and its files, each a named row with a file.
 * As the spec's two calls: the list is saved with its rows' names first (an update lists the rows
 * kept, so a removed row goes with its file), then the chosen files are uploaded in one request.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FILE_LIST_MAX_OPTIONS, fileListCreateSchema, fileListUpdateSchema, type FileList } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, IconButton, Spinner } from '../../ui/controls.js';
import { Form } from '../../ui/DelayedForm.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FieldBox, FieldError, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

interface OptionRow {
  /** The row's own key (a removed row's inputs never pass to the next one). */
  key: string;
  /** The saved option's id; none for a row added in this dialog. */
  id?: string;
  name?: string;
  /** The file chosen now (uploaded after saving). */
  file?: File | null;
  /** The stored file's name, for a row saved before. */
  originalName?: string;
}

interface FileListValues {
  name?: string;
  message?: string;
  options?: OptionRow[];
}

interface FileListModalProps {
  /** null: a new list. */
  fileList: FileList | null;
  onClose(): void;
  onSaved(fileList: FileList): void;
}

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: 8px;
  align-items: start;
  & > ${FieldBox} {
    margin-bottom: 8px;
  }
`;

const Options = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 12px;
  legend {
    padding: 0;
    margin-bottom: 8px;
    font-weight: 600;
  }
`;

const Uploading = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const FileName = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.textSecondary};
  overflow-wrap: anywhere;
`;

let newRows = 0;

/** The uploads module's limits in MB (server platform/uploads.ts), told before a byte is sent. */
const LIMIT_MB: Record<string, number> = { image: 2, audio: 5, video: 20 };
const DOCUMENT_LIMIT_MB = 20;

function limitOf(file: File): number {
  return LIMIT_MB[file.type.split('/')[0] ?? ''] ?? DOCUMENT_LIMIT_MB;
}

/** The dialog's own fields left out: the shared schema checks what the server gets. */
function asSent(values: FileListValues) {
  return { name: values.name, message: values.message, options: (values.options ?? []).map((row) => ({ ...(row.id ? { id: row.id } : {}), name: row.name ?? '' })) };
}

export default function FileListModal({ fileList, onClose, onSaved }: FileListModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const [uploading, setUploading] = useState(false);
  const checkSchema = useSchemaValidator<ReturnType<typeof asSent>>(fileList ? fileListUpdateSchema : fileListCreateSchema);
  const validate = useCallback(
    (values: FileListValues) => {
      const errors = checkSchema(asSent(values)) as Record<string, unknown> & { options?: ({ name?: string; file?: string } | undefined)[] };
      const rows = values.options ?? [];
      const options = rows.map((row, index) => {
        const nameError = row.name?.trim() ? errors.options?.[index]?.name : t('web.files.optionNameRequired');
        const tooBig = row.file && row.file.size > limitOf(row.file) * 1024 * 1024;
        const fileError = tooBig ? t('web.files.tooBig', { limit: limitOf(row.file!) }) : row.file || row.originalName ? undefined : t('web.files.optionFileRequired');
        return nameError || fileError ? { ...(nameError ? { name: nameError } : {}), ...(fileError ? { file: fileError } : {}) } : undefined;
      });
      const { options: _schemaOptions, ...rest } = errors;
      return options.some(Boolean) ? { ...rest, options } : rest;
    },
    [checkSchema, t],
  );

  const submit = async (values: FileListValues) => {
    const rows = values.options ?? [];
    const data = { ...asSent(values), name: values.name ?? '', message: values.message ?? '', userId: me.id };
    try {
      let saved = fileList ? await api.files.update(fileList.id, data) : await api.files.create(data);
      // The server answers the options in the order sent: each chosen file goes to its row's option.
      const uploads = rows.flatMap((row, index) => (row.file ? [{ file: row.file, fileName: row.file.name, name: row.name ?? '', id: saved.options[index]?.id ?? '' }] : []));
      if (uploads.length > 0) {
        setUploading(true);
        saved = await api.files.upload(saved.id, uploads);
      }
      toast.success(t('web.files.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      setUploading(false);
      showError(error);
    }
  };

  const initial: FileListValues = {
    name: fileList?.name ?? '',
    message: fileList?.message ?? '',
    options: (fileList?.options ?? []).map((option) => ({ key: option.id, id: option.id, name: option.name, file: null, originalName: option.originalName ?? '' })),
  };

  return (
    <Dialog title={t(fileList ? 'web.files.editTitle' : 'web.files.addTitle')} onClose={onClose} width={640}>
      <Form<FileListValues> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting, form, values, errors, submitFailed }) => {
          const rows = values.options ?? [];
          const rowErrors = (errors?.options ?? []) as ({ name?: string; file?: string } | undefined)[];
          const setRows = (next: OptionRow[]) => form.change('options', next);
          return (
            <form onSubmit={handleSubmit} noValidate aria-label={t('web.files.form')}>
              <TextField name="name" label={t('web.files.name')} autoFocus />
              <TextField name="message" label={t('web.files.message')} multiline={4} />
              <Options>
                <legend>{t('web.files.options')}</legend>
                {rows.map((row, index) => {
                  const number = index + 1;
                  const nameId = `file-option-name-${index}`;
                  const fileId = `file-option-file-${index}`;
                  const error = submitFailed ? rowErrors[index] : undefined;
                  return (
                    <Row key={row.key} data-file-option={number}>
                      <FieldBox>
                        <label htmlFor={nameId}>{t('web.files.optionName', { number })}</label>
                        <input
                          id={nameId}
                          aria-invalid={Boolean(error?.name)}
                          value={row.name ?? ''}
                          onChange={(event) => setRows(rows.map((each, i) => (i === index ? { ...each, name: event.target.value } : each)))}
                        />
                        {error?.name ? <FieldError>{error.name}</FieldError> : null}
                      </FieldBox>
                      <FieldBox>
                        <label htmlFor={fileId}>{t('web.files.optionFile', { number })}</label>
                        <input
                          id={fileId}
                          type="file"
                          aria-invalid={Boolean(error?.file)}
                          onChange={(event) => {
                            const file = event.target.files?.[0] ?? null;
                            setRows(rows.map((each, i) => (i === index ? { ...each, file } : each)));
                          }}
                        />
                        <FileName>{row.file?.name ?? (row.originalName || t('web.files.noFile'))}</FileName>
                        {error?.file ? <FieldError>{error.file}</FieldError> : null}
                      </FieldBox>
                      <IconButton icon="trash" label={t('web.files.removeOption', { number })} onClick={() => setRows(rows.filter((_, i) => i !== index))} />
                    </Row>
                  );
                })}
                {rows.length < FILE_LIST_MAX_OPTIONS ? (
                  <Button $variant="text" onClick={() => setRows([...rows, { key: `new-${(newRows += 1)}`, name: '', file: null }])}>
                    {t('web.files.addOption')}
                  </Button>
                ) : null}
              </Options>
              {uploading ? (
                <Uploading role="status">
                  <Spinner $size={16} /> {t('web.files.uploading')}
                </Uploading>
              ) : null}
              <FormActions onCancel={onClose} submitting={submitting} />
            </form>
          );
        }}
      </Form>
    </Dialog>
  );
}
