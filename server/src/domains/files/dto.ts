import type { FileList } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import { mediaUrl, type StoredMedia } from '../../platform/uploads.js';
import { FileListModel, type FileListDoc, type FileListOptionDoc } from './model.js';

export function toFileList(doc: FileListDoc): FileList {
  const companyId = String(doc.companyId);
  return {
    id: String(doc._id),
    companyId,
    name: doc.name,
    message: doc.message,
    options: (doc.options ?? []).map((option) => ({
      id: String(option._id),
      name: option.name,
      path: option.path ?? '',
      mediaType: option.path ? option.mediaType : '',
      originalName: option.originalName ?? '',
      mediaUrl: option.path ? mediaUrl(companyId, option.path) : null,
    })),
    userId: doc.userId ? String(doc.userId) : null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** A list of the company, or ERR_NO_FILE_LIST_FOUND (also another company's). */
export async function findFileList(companyId: string, id: string): Promise<FileListDoc> {
  const doc = await FileListModel.findOne({ companyId, _id: id }).lean<FileListDoc>();
  if (!doc) throw new AppError('ERR_NO_FILE_LIST_FOUND');
  return doc;
}

/**
 * The files a list sends, in order, described for a send. An option whose file was not uploaded
 * yet (the dialog saves the list first, then uploads) has nothing to send and is skipped.
 */
export function filesToSend(doc: FileListDoc): StoredMedia[] {
  return (doc.options ?? []).filter((option): option is FileListOptionDoc => Boolean(option.path)).map((option) => ({
    fileName: option.path,
    originalName: option.originalName,
    mimeType: option.mimeType,
    mediaType: option.mediaType,
    kind: option.kind,
    size: option.size,
  }));
}
