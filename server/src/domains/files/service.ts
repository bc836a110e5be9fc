/**
 * File lists (document 3, /files): a name, a message and up to FILE_LIST_MAX_OPTIONS named files.
 * The dialog saves the list with its options' names first, then uploads their files in one
 * multipart call; an update lists the options it keeps, and one left out goes with its file.
 * The options live in the list's own document and are always written whole (no positional
 * updates); changes reach the company's `file` channel.
 */
import { Types } from 'mongoose';
import { FILE_LIST_MAX_OPTIONS, type FileList, type FileListEvent, type FileListsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { removeUpload, storeUpload, type FilePart, type StoredMedia } from '../../platform/uploads.js';
import { findFileList, toFileList } from './dto.js';
import { FileListModel, type FileListDoc, type FileListOptionDoc } from './model.js';

export interface FileListInput {
  name?: string;
  message?: string;
  options?: { id?: string; name: string }[];
}

/** One uploaded file and the option it is for (`optionId` null: a new option). */
export interface FileListUploadItem {
  file: FilePart;
  name: string | null;
  optionId: string | null;
}

const tooMany = () => new AppError('ERR_VALIDATION', { field: 'options', rule: 'array.max', limit: FILE_LIST_MAX_OPTIONS }, `options: at most ${FILE_LIST_MAX_OPTIONS}`);

function emptyOption(name: string): FileListOptionDoc {
  return { _id: new Types.ObjectId(), name, path: '', originalName: '', mediaType: 'application', kind: 'document', mimeType: '', size: 0 };
}

function withFile(option: FileListOptionDoc, stored: StoredMedia): FileListOptionDoc {
  return { ...option, path: stored.fileName, originalName: stored.originalName, mediaType: stored.mediaType, kind: stored.kind, mimeType: stored.mimeType, size: stored.size };
}

/** The options an update keeps, renamed, plus the new ones; an id the list does not have is refused. */
function keptOptions(current: FileListOptionDoc[], wanted: { id?: string; name: string }[]): FileListOptionDoc[] {
  const byId = new Map(current.map((option) => [String(option._id), option]));
  return wanted.map((option, index) => {
    if (!option.id) return emptyOption(option.name);
    const existing = byId.get(option.id);
    if (!existing) throw new AppError('ERR_VALIDATION', { field: `options.${index}.id`, rule: 'any.only' }, `options.${index}.id: not an option of this list`);
    return { ...existing, name: option.name };
  });
}

function filesOf(options: FileListOptionDoc[]): string[] {
  return options.map((option) => option.path).filter(Boolean);
}

export function createFileListService(realtime: RealtimePublisher) {
  function announce(action: 'create' | 'update', doc: FileListDoc): FileList {
    const fileList = toFileList(doc);
    realtime.publish(fileList.companyId, 'file', { action, fileList } satisfies FileListEvent);
    return fileList;
  }

  async function save(actor: AuthCredentials, id: string, set: Record<string, unknown>): Promise<FileListDoc> {
    const updated = await FileListModel.findOneAndUpdate({ companyId: actor.companyId, _id: id }, { $set: { ...set, userId: actor.userId } }, { returnDocument: 'after' }).lean<FileListDoc>();
    if (!updated) throw new AppError('ERR_NO_FILE_LIST_FOUND');
    return updated;
  }

  async function removeFiles(companyId: string, fileNames: string[]): Promise<void> {
    for (const fileName of fileNames) await removeUpload(companyId, fileName);
  }

  return {
    /** The company's lists by name; `companyId` of the query (campaigns send it) never widens the scope. */
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

    async create(actor: AuthCredentials, input: FileListInput): Promise<FileList> {
      const options = (input.options ?? []).map((option) => emptyOption(option.name));
      const created = await FileListModel.create({ companyId: actor.companyId, name: input.name, message: input.message, options, userId: actor.userId });
      return announce('create', created.toObject() as FileListDoc);
    },

    async update(actor: AuthCredentials, id: string, input: FileListInput): Promise<FileList> {
      const current = await findFileList(actor.companyId, id);
      const set: Record<string, unknown> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.message !== undefined) set.message = input.message;
      let dropped: string[] = [];
      if (input.options !== undefined) {
        const options = keptOptions(current.options ?? [], input.options);
        const kept = new Set(filesOf(options));
        dropped = filesOf(current.options ?? []).filter((fileName) => !kept.has(fileName));
        set.options = options;
      }
      const updated = await save(actor, id, set);
      await removeFiles(actor.companyId, dropped);
      return announce('update', updated);
    },

    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findFileList(actor.companyId, id);
      await FileListModel.deleteOne({ companyId: actor.companyId, _id: id });
      await removeFiles(actor.companyId, filesOf(current.options ?? []));
      realtime.publish(actor.companyId, 'file', { action: 'delete', fileListId: id } satisfies FileListEvent);
    },

    /**
     * Gives options their files (checked by content and size), replacing an option's previous
     * file or adding new named options. Every file is checked and stored before the list changes:
     * one bad file refuses the whole upload and leaves nothing behind.
     */
    async upload(actor: AuthCredentials, id: string, items: FileListUploadItem[]): Promise<FileList> {
      const current = await findFileList(actor.companyId, id);
      if (items.length > FILE_LIST_MAX_OPTIONS) throw tooMany();
      const options = [...(current.options ?? [])];
      const positionOf = new Map(options.map((option, index) => [String(option._id), index]));
      for (const [index, item] of items.entries()) {
        if (item.optionId && !positionOf.has(item.optionId)) throw new AppError('ERR_VALIDATION', { field: 'id', rule: 'any.only', index }, `id ${index}: not an option of this list`);
        if (!item.optionId && !item.name) throw new AppError('ERR_VALIDATION', { field: 'name', rule: 'any.required', index }, `name ${index}: a new option needs a name`);
      }
      if (options.length + items.filter((item) => !item.optionId).length > FILE_LIST_MAX_OPTIONS) throw tooMany();

      const stored: StoredMedia[] = [];
      try {
        for (const item of items) stored.push(await storeUpload(actor.companyId, item.file));
      } catch (err) {
        await removeFiles(actor.companyId, stored.map((media) => media.fileName));
        throw err;
      }
      const replaced: string[] = [];
      for (const [index, item] of items.entries()) {
        const position = item.optionId ? positionOf.get(item.optionId)! : options.push(emptyOption(item.name!)) - 1;
        const option = options[position]!;
        if (option.path) replaced.push(option.path);
        options[position] = withFile(item.name && item.optionId ? { ...option, name: item.name } : option, stored[index]!);
      }
      let updated: FileListDoc;
      try {
        updated = await save(actor, id, { options });
      } catch (err) {
        await removeFiles(actor.companyId, stored.map((media) => media.fileName));
        throw err;
      }
      await removeFiles(actor.companyId, replaced);
      return announce('update', updated);
    },
  };
}
