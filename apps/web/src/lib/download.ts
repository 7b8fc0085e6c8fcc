import { api, type QueryParams } from './api-client';

/** Hands a Blob to the browser as a downloaded file named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API serves as an attachment (GET, with the session's cookies and the request
 * layer's progress bar) and saves it as `fileName`. Rejects with the ApiError of a failed call.
 */
export async function downloadFile(path: string, fileName: string, query?: QueryParams): Promise<void> {
  const blob = await api.get<Blob>(path, { query, responseType: 'blob' });
  saveBlob(blob, fileName);
}

/** The notification of a failed download. */
export const DOWNLOAD_FAILED = {
  title: 'Le téléchargement a échoué',
  message: 'Le document sélectionné ne peut pas être téléchargé. Veuillez réessayer plus tard.',
} as const;
