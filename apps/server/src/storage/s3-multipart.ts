import type { Readable } from 'node:stream';
import { storeFailed } from './object-store.js';
import { discard, expectOk, readText, type S3Response } from './s3-http.js';

type Call = (
  method: string,
  key: string,
  call: { query?: Record<string, string>; headers?: Record<string, string>; body?: Buffer | Readable },
) => Promise<S3Response>;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

/**
 * S3 multipart upload (CreateMultipartUpload, UploadPart, CompleteMultipartUpload): parts are sent one at a
 * time, each signed with its own hash, so memory holds one part whatever the object's size. On any failure
 * (the store's or the body's) the upload is aborted, and S3 keeps nothing of it.
 */
export class S3Multipart {
  constructor(private readonly call: Call) {}

  async upload(
    key: string,
    contentType: string,
    first: Buffer,
    rest: AsyncIterator<Buffer>,
  ): Promise<{ size: number }> {
    const uploadId = await this.create(key, contentType);
    try {
      const etags: string[] = [];
      let size = 0;
      for (let part: Buffer | undefined = first; part;) {
        etags.push(await this.uploadPart(key, uploadId, etags.length + 1, part));
        size += part.length;
        const next = await rest.next();
        part = next.done ? undefined : next.value;
      }
      await this.complete(key, uploadId, etags);
      return { size };
    } catch (error) {
      // The first error is the one that matters; an abort that fails leaves parts for the bucket's lifecycle.
      await this.abort(key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  private async create(key: string, contentType: string): Promise<string> {
    const response = await this.call('POST', key, {
      query: { uploads: '' },
      headers: { 'content-type': contentType },
    });
    await expectOk(response, `POST ${key}?uploads`);
    const text = await readText(response.body);
    const id = /<UploadId>([^<]+)<\/UploadId>/.exec(text)?.[1];
    if (!id) throw storeFailed(`POST ${key}?uploads: no UploadId in ${text.slice(0, 200)}`);
    return unescapeXml(id);
  }

  private async uploadPart(key: string, uploadId: string, partNumber: number, part: Buffer) {
    const response = await this.call('PUT', key, {
      query: { partNumber: String(partNumber), uploadId },
      body: part,
    });
    await expectOk(response, `PUT ${key} part ${partNumber}`);
    discard(response.body);
    const etag = response.headers.etag;
    if (!etag) throw storeFailed(`PUT ${key} part ${partNumber}: no ETag`);
    return etag;
  }

  private async complete(key: string, uploadId: string, etags: string[]) {
    const xml =
      '<CompleteMultipartUpload>' +
      etags
        .map(
          (etag, index) =>
            `<Part><PartNumber>${index + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`,
        )
        .join('') +
      '</CompleteMultipartUpload>';
    const response = await this.call('POST', key, {
      query: { uploadId },
      headers: { 'content-type': 'application/xml' },
      body: Buffer.from(xml),
    });
    await expectOk(response, `POST ${key}?uploadId`);
    // S3 may answer 200 and still fail the completion, in the body.
    const text = await readText(response.body);
    if (/<Error>/.test(text)) throw storeFailed(`POST ${key}?uploadId: ${text.slice(0, 500)}`);
  }

  private async abort(key: string, uploadId: string) {
    const response = await this.call('DELETE', key, { query: { uploadId } });
    discard(response.body);
  }
}
