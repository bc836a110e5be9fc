/** Spanish texts of the file lists page; same keys as ./pt.ts. */
import type { FilesTranslation } from './pt.js';

export const filesEs: FilesTranslation = {
  add: 'Agregar',
  addTitle: 'Agregar lista de archivos',
  editTitle: 'Editar lista de archivos',
  form: 'Datos de la lista de archivos',
  name: 'Nombre',
  message: 'Mensaje',
  options: 'Archivos',
  optionName: 'Nombre del archivo {{number}}',
  optionFile: 'Archivo {{number}}',
  addOption: 'Agregar archivo',
  removeOption: 'Quitar archivo {{number}}',
  noFile: 'Ningún archivo elegido',
  optionNameRequired: 'Dé un nombre a cada archivo.',
  optionFileRequired: 'Elija un archivo para cada elemento.',
  tooBig: '¡El archivo es muy grande! {{limit}}MB máximo',
  uploading: 'Subiendo los archivos...',
  fileCount_one: '{{count}} archivo',
  fileCount_other: '{{count}} archivos',
  saved: '¡Lista de archivos guardada con éxito!',
  deleted: '¡Lista de archivos eliminada con éxito!',
  deleteTitle: '¿Eliminar {{name}}?',
  deleteMessage: 'La lista y todos sus archivos serán eliminados. Esta acción no se puede deshacer.',
};
