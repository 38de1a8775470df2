import { type RequestOptions, requestFile } from './http';

/**
 * Fetch a file through the HTTP layer (token, tenant, language, error messages) and hand it to the browser
 * as a download named by the server, else `fallbackName`.
 */
export async function downloadFile(options: RequestOptions, fallbackName: string): Promise<void> {
  const { blob, fileName } = await requestFile({ timeout: 0, ...options });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
