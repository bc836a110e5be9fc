/** File lists (document 3, /files): named sets of files with a message, used by campaigns and the send API. */
import type { FileList, FileListsPage } from '../../domain/campaigns.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface FileListData {
  name: string;
  message: string;
  /** The options kept (with their id) or added (without): one left out is removed with its file. */
  options?: { id?: string; name: string }[];
  userId?: string;
}

/** One file for an option of the list (`id` ''/absent: a new option named `name`). */
export interface FileListUpload {
  file: Blob;
  fileName: string;
  name: string;
  id?: string;
}

export function fileListCalls(http: Http) {
  const one = (id: string) => `/files/${encodeURIComponent(id)}`;
  return {
    page: (query: PageQuery & { companyId?: string } = {}) => http.request<FileListsPage>('GET', '/files', { query }),
    get: (id: string) => http.request<FileList>('GET', one(id)),
    create: (data: FileListData) => http.request<FileList>('POST', '/files', { body: data }),
    update: (id: string, data: Partial<FileListData>) => http.request<FileList>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** The dialog's second call: every chosen file in one multipart request, in the options' order. */
    upload: (id: string, uploads: FileListUpload[]) => {
      const form = new FormData();
      form.append('fileId', id);
      form.append('typeArch', 'fileList');
      for (const upload of uploads) {
        form.append('files', upload.file, upload.fileName);
        form.append('mediaType', upload.file.type);
        form.append('name', upload.name);
        form.append('id', upload.id ?? '');
      }
      return http.request<FileList>('POST', `/files/uploadList/${encodeURIComponent(id)}`, { form });
    },
  };
}

export type FileListCalls = ReturnType<typeof fileListCalls>;
