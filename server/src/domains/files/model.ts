import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** One file of a list: the stored upload (platform/uploads) and what it is. */
export interface FileListOptionDoc {
  _id: Types.ObjectId;
  name: string;
  /** Stored file name (mediaPath of the upload); '' until the option's file is uploaded. */
  path: string;
  originalName: string;
  mediaType: 'image' | 'audio' | 'video' | 'application';
  kind: 'image' | 'audio' | 'video' | 'document';
  mimeType: string;
  size: number;
}

/** A named set of shared attachments with an accompanying message (document 3, file lists). */
export interface FileListDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  message: string;
  options: FileListOptionDoc[];
  /** Who saved it last. */
  userId: Types.ObjectId | null;
  /** Bumped by every change of the options: a write based on an older read is not applied. */
  revision?: number;
  createdAt: Date;
  updatedAt: Date;
}

export const FileListModel = tenantModel<FileListDoc>(
  'FileList',
  {
    name: { type: String, required: true, trim: true },
    message: { type: String, default: '' },
    options: {
      type: [{ name: String, path: String, originalName: String, mediaType: String, kind: String, mimeType: String, size: Number }],
      default: [],
    },
    userId: { type: ObjectId, ref: 'User', default: null },
    revision: { type: Number, default: 0 },
  },
  (schema) => {
    schema.index({ companyId: 1, name: 1 });
    engineKeys(schema, ['companyId']);
  },
);
