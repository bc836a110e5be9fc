/**
 * File lists, the minimal part campaigns need (document 3): CRUD and adding files. A list holds at
 * most FILE_LIST_MAX_FILES files so that a campaign message never drags an unbounded tail.
 */
import type { FileList, FileListsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import { removeUpload, storeUpload, type FilePart } from '../../platform/uploads.js';
import { FileListModel, type FileListDoc } from './model.js';

export const FILE_LIST_MAX_FILES = 10;

export function toFileList(doc: FileListDoc): FileList {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    message: doc.message,
    options: (doc.options ?? []).map((option) => ({ id: String(option._id), name: option.name, path: option.path, mediaType: option.mediaType })),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export async function findFileList(companyId: string, id: string): Promise<FileListDoc> {
  const doc = await FileListModel.findOne({ companyId, _id: id }).lean<FileListDoc>();
  if (!doc) throw new AppError('ERR_NO_FILE_LIST_FOUND');
  return doc;
}

export function createFileListService() {
  // No realtime channel of their own (no page lists them live yet): answers only.
  async function save(actor: AuthCredentials, id: string, change: Record<string, unknown>): Promise<FileListDoc> {
    const updated = await FileListModel.findOneAndUpdate({ companyId: actor.companyId, _id: id }, change, { returnDocument: 'after' }).lean<FileListDoc>();
    if (!updated) throw new AppError('ERR_NO_FILE_LIST_FOUND');
    return updated;
  }

  return {
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number }): Promise<FileListsPage> {
      const filter: Record<string, unknown> = { companyId: actor.companyId };
      if (query.searchParam) filter.name = searchRegex(query.searchParam);
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        FileListModel.countDocuments(filter),
        FileListModel.find(filter).sort({ name: 1, _id: 1 }).skip(window.skip).limit(window.limit).lean<FileListDoc[]>(),
      ]);
      return { files: rows.map(toFileList), count, hasMore: hasMore(count, window, rows.length) };
    },

    async get(actor: AuthCredentials, id: string): Promise<FileList> {
      return toFileList(await findFileList(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: { name: string; message: string }): Promise<FileList> {
      const created = await FileListModel.create({ companyId: actor.companyId, name: input.name, message: input.message });
      return toFileList(created.toObject() as FileListDoc);
    },

    async update(actor: AuthCredentials, id: string, input: { name?: string; message?: string }): Promise<FileList> {
      const set: Record<string, unknown> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.message !== undefined) set.message = input.message;
      return toFileList(await save(actor, id, { $set: set }));
    },

    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findFileList(actor.companyId, id);
      await FileListModel.deleteOne({ companyId: actor.companyId, _id: id });
      for (const option of current.options) await removeUpload(actor.companyId, option.path);
    },

    /** Adds one file (checked by content and size) under a name. */
    async addFile(actor: AuthCredentials, id: string, name: string, file: FilePart): Promise<FileList> {
      const current = await findFileList(actor.companyId, id);
      if (current.options.length >= FILE_LIST_MAX_FILES) throw new AppError('ERR_VALIDATION', { field: 'files', rule: 'array.max', limit: FILE_LIST_MAX_FILES });
      const stored = await storeUpload(actor.companyId, file);
      const option = { name, path: stored.fileName, originalName: stored.originalName, mediaType: stored.mediaType, kind: stored.kind, mimeType: stored.mimeType, size: stored.size };
      try {
        return toFileList(await save(actor, id, { $push: { options: option } }));
      } catch (err) {
        await removeUpload(actor.companyId, stored.fileName);
        throw err;
      }
    },
  };
}
