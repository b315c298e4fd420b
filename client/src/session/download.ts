import { authorizedFetch } from './api.ts';

/** Saves what an authorised GET answers as a file (a plain link could not carry the token). */
export async function downloadAuthorized(url: string, fileName: string, failure: string): Promise<void> {
  const response = await authorizedFetch(url);
  if (!response.ok) throw new Error(failure);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(objectUrl);
}
