import { API_PREFIX, ApiError, currentAccessToken, refreshSession } from '../../session/api.ts';
import { tokenStore } from '../../session/tokenStore.ts';

interface RawResponse {
  status: number;
  text: string;
}

/** fetch cannot report upload progress, so the upload goes through XMLHttpRequest. */
function post(url: string, file: File, token: string, onProgress: (fraction: number) => void): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new ApiError(0, 'Network error'));
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}

function detailOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  } catch {
    // Not JSON (e.g. a proxy's error page): the caller falls back to its own message.
  }
  return undefined;
}

/**
 * POST /bots/{id}/documents (multipart `file`) with the session's access token, refreshed once
 * when the server answers 401, as every authorised call of the app does. Throws ApiError with the
 * server's detail, or with `fallback`.
 */
export async function uploadDocument(
  botDatabaseId: string,
  file: File,
  onProgress: (fraction: number) => void,
  fallback: string,
): Promise<void> {
  const url = `${API_PREFIX}/bots/${encodeURIComponent(botDatabaseId)}/documents`;
  const token = await currentAccessToken();
  if (!token) throw new ApiError(401, 'Authentication required');
  let response = await post(url, file, token, onProgress);
  if (response.status === 401 && (await refreshSession())) response = await post(url, file, tokenStore.accessToken()!, onProgress);
  if (response.status < 200 || response.status >= 300) throw new ApiError(response.status, detailOf(response.text) ?? fallback);
}
