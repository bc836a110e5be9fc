/** English texts of the file lists page; same keys as ./pt.ts. */
import type { FilesTranslation } from './pt.js';

export const filesEn: FilesTranslation = {
  add: 'Add',
  addTitle: 'Add file list',
  editTitle: 'Edit file list',
  form: 'File list details',
  name: 'Name',
  message: 'Message',
  options: 'Files',
  optionName: 'Name of file {{number}}',
  optionFile: 'File {{number}}',
  addOption: 'Add file',
  removeOption: 'Remove file {{number}}',
  noFile: 'No file chosen',
  optionNameRequired: 'Give every file a name.',
  optionFileRequired: 'Choose a file for every item.',
  tooBig: 'File is too large! {{limit}}MB maximum',
  uploading: 'Uploading the files...',
  fileCount_one: '{{count}} file',
  fileCount_other: '{{count}} files',
  saved: 'File list saved.',
  deleted: 'File list deleted.',
  deleteTitle: 'Delete {{name}}?',
  deleteMessage: 'The list and all its files will be deleted. This cannot be undone.',
};
