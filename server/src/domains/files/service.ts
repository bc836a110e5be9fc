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
import { keyedSerial } from '../../platform/database/serial.js';
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

/** Writes lost to concurrent ones before giving up (each loss means another write got through). */
const WRITE_ATTEMPTS = 8;

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

/**
 * Where each uploaded file goes in the list's options: an existing option (renamed when a name
 * came with it) or a new one appended; refuses an option the list does not have, a new option
 * without a name, and more options than the limit.
 */
function placeUploads(current: FileListDoc, items: FileListUploadItem[]): { options: FileListOptionDoc[]; positions: number[] } {
  const options = [...(current.options ?? [])];
  const positionOf = new Map(options.map((option, index) => [String(option._id), index]));
  const positions = items.map((item, index) => {
    if (item.optionId) {
      const position = positionOf.get(item.optionId);
      if (position === undefined) throw new AppError('ERR_VALIDATION', { field: 'id', rule: 'any.only', index }, `id ${index}: not an option of this list`);
      if (item.name) options[position] = { ...options[position]!, name: item.name };
      return position;
    }
    if (!item.name) throw new AppError('ERR_VALIDATION', { field: 'name', rule: 'any.required', index }, `name ${index}: a new option needs a name`);
    return options.push(emptyOption(item.name)) - 1;
  });
  if (options.length > FILE_LIST_MAX_OPTIONS) throw tooMany();
  return { options, positions };
}

export function createFileListService(realtime: RealtimePublisher) {
  const writes = keyedSerial();

  function announce(action: 'create' | 'update', doc: FileListDoc): FileList {
    const fileList = toFileList(doc);
    realtime.publish(fileList.companyId, 'file', { action, fileList } satisfies FileListEvent);
    return fileList;
  }

  /**
   * Writes a change computed from the list as read, so two dialogs or uploads at once never drop
   * each other's options: one write per list at a time in this process (the embedded engine
   * checks no filter atomically), and across nodes (MongoDB) only onto the revision it read,
   * recomputed when another node wrote meanwhile. Files the change lets go are removed once it is
   * stored.
   */
  function change(actor: AuthCredentials, id: string, compute: (current: FileListDoc) => { set: Record<string, unknown>; released?: string[] }): Promise<FileListDoc> {
    return writes.run(id, async () => {
      for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
        const current = await findFileList(actor.companyId, id);
        const { set, released = [] } = compute(current);
        const revision = current.revision ?? 0;
        const unchanged = current.revision === undefined ? { revision: { $exists: false } } : { revision };
        const updated = await FileListModel.findOneAndUpdate(
          { companyId: actor.companyId, _id: id, ...unchanged },
          { $set: { ...set, userId: actor.userId, revision: revision + 1 } },
          { returnDocument: 'after' },
        ).lean<FileListDoc>();
        if (updated) {
          await removeFiles(actor.companyId, released);
          return updated;
        }
      }
      throw new AppError('ERR_FILE_LIST_CHANGED');
    });
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
      const updated = await change(actor, id, (current) => {
        const set: Record<string, unknown> = {};
        if (input.name !== undefined) set.name = input.name;
        if (input.message !== undefined) set.message = input.message;
        if (input.options === undefined) return { set };
        const options = keptOptions(current.options ?? [], input.options);
        const kept = new Set(filesOf(options));
        return { set: { ...set, options }, released: filesOf(current.options ?? []).filter((fileName) => !kept.has(fileName)) };
      });
      return announce('update', updated);
    },

    async remove(actor: AuthCredentials, id: string): Promise<void> {
      // In turn with the list's other writes: an upload finishing meanwhile leaves no file behind.
      await writes.run(id, async () => {
        const current = await findFileList(actor.companyId, id);
        await FileListModel.deleteOne({ companyId: actor.companyId, _id: id });
        await removeFiles(actor.companyId, filesOf(current.options ?? []));
      });
      realtime.publish(actor.companyId, 'file', { action: 'delete', fileListId: id } satisfies FileListEvent);
    },

    /**
     * Gives options their files (checked by content and size), replacing an option's previous
     * file or adding new named options. Every file is checked and stored before the list changes:
     * one bad file refuses the whole upload and leaves nothing behind.
     */
    async upload(actor: AuthCredentials, id: string, items: FileListUploadItem[]): Promise<FileList> {
      if (items.length > FILE_LIST_MAX_OPTIONS) throw tooMany();
      // Refused before a byte is stored: another company's list, an unknown option, a nameless new one.
      placeUploads(await findFileList(actor.companyId, id), items);
      const stored: StoredMedia[] = [];
      try {
        for (const item of items) stored.push(await storeUpload(actor.companyId, item.file));
        const updated = await change(actor, id, (current) => {
          const { options, positions } = placeUploads(current, items);
          const released: string[] = [];
          for (const [index, position] of positions.entries()) {
            const option = options[position]!;
            if (option.path) released.push(option.path);
            options[position] = withFile(option, stored[index]!);
          }
          return { set: { options }, released };
        });
        return announce('update', updated);
      } catch (err) {
        await removeFiles(actor.companyId, stored.map((media) => media.fileName));
        throw err;
      }
    },
  };
}
