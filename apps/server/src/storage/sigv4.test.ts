import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, encodeKey, presignUrl, sha256Hex, signRequest } from './sigv4.js';

// The worked examples of AWS's "Signature Calculations for the Authorization Header" (S3 API reference).
const credentials = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const date = new Date('2013-05-24T00:00:00Z');
const signatureOf = (headers: Record<string, string>) =>
  /Signature=([0-9a-f]{64})$/.exec(headers.authorization!)![1];

describe('signRequest', () => {
  it('signs the GET Object example', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      credentials,
      date,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the PUT Object example, with the key encoded', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = signRequest({
      method: 'PUT',
      url: new URL(`https://examplebucket.s3.amazonaws.com/${encodeKey('test$file.text')}`),
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
      credentials,
      date,
    });
    expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs the List Objects example, with a sorted query', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2'),
      payloadHash: EMPTY_SHA256,
      credentials,
      date,
    });
    expect(signatureOf(headers)).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

// The example of AWS's "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)".
describe('presignUrl', () => {
  it('signs the presigned GET example', () => {
    const url = new URL(
      presignUrl({
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        expiresSeconds: 86400,
        credentials,
        date,
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    });
    expect(url.search).toContain(
      'X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request',
    );
  });

  it('signs the headers it is given and encodes spaces in parameters as %20, not +', () => {
    const url = new URL(
      presignUrl({
        method: 'PUT',
        url: new URL(
          'https://examplebucket.s3.amazonaws.com/a.mp4?response-content-disposition=attachment; filename="a b.mp4"',
        ),
        expiresSeconds: 600,
        credentials,
        headers: { 'content-type': 'video/mp4' },
        date,
      }),
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.search).toContain('filename%3D%22a%20b.mp4%22');
    expect(url.search).not.toContain('+');
  });
});
