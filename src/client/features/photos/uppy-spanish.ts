import type { Locale } from '@uppy/core/utils';
import spanishMexico from '@uppy/locales/lib/es_MX.js';

/**
 * Uppy's dashboard in Spanish: the Mexican pack (it addresses the customer as usted, as the rest of
 * the app does), with the words it lacks or words in an older form. Loaded only on a Spanish page.
 */
export const UPPY_SPANISH: Locale<0 | 1> = {
  ...spanishMexico,
  strings: {
    ...spanishMexico.strings,
    dropPasteFiles: 'Arrastre la foto aquí o %{browseFiles}',
    dropPasteImportFiles: 'Arrastre la foto aquí, %{browseFiles} o use:',
    browseFiles: 'elija un archivo',
    takePictureBtn: 'Tomar foto',
    recordVideoBtn: 'Grabar video',
    missingRequiredMetaFields: {
      0: 'Falta un dato obligatorio: %{fields}.',
      1: 'Faltan datos obligatorios: %{fields}.',
    },
    exceedsSize: '%{file} pesa más de %{size}, el máximo permitido',
    noMoreFilesAllowed: 'No se pueden agregar más fotos',
    error: 'Error',
    showErrorDetails: 'Ver detalles del error',
    editFileWithFilename: 'Editar el archivo %{file}',
    dataUploadedOfUnknown: '%{complete} de un total desconocido',
  },
};
