import { SECRET_MASK } from '@aos/contract';

/**
 * Stored secrets (an object store's secret key, an SMS carrier's, a supplier's app secret) are shown masked;
 * an update that sends no secret, or the mask it was shown, keeps the saved one.
 */
export function keepsSecret(secret: string | null | undefined): boolean {
  return secret === undefined || secret === null || secret === '' || secret === SECRET_MASK;
}
