import { FileUrlSigner } from './file-url-signer.js';
import { LocalStore } from './local-store.js';
import { NetworkGuard } from './network-guard.js';
import { type S3Settings, S3Store } from './s3-store.js';

export interface StorageOptions {
  /** the local store's folder (`DATA_DIR/files`) */
  root: string;
  /** the server secret the local store's presigned URLs are signed under (a key is derived from it) */
  secret: string;
  /** the address docks and browsers reach this server at, for the local store's presigned URLs */
  publicUrl?: string;
  /** let S3 endpoints be private addresses (an operator's own MinIO); off by default */
  allowPrivateEndpoints: boolean;
}

/**
 * The stores this server writes to: the local folder, and S3-compatible buckets named by configurations
 * (made on demand: a configuration can change between two requests). Which store a tenant uses is the
 * resource area's rule, not this layer's.
 */
export class Storage {
  readonly local: LocalStore;
  readonly guard: NetworkGuard;

  constructor(options: StorageOptions) {
    this.local = new LocalStore(options.root, new FileUrlSigner(options.secret), options.publicUrl ?? '');
    this.guard = new NetworkGuard(options.allowPrivateEndpoints);
  }

  s3(settings: S3Settings): S3Store {
    return new S3Store(settings, this.guard);
  }
}
