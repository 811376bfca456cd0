import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { S3Settings } from '../config';
import { HttpError, notFound } from '../http/errors';
import { MEDIA_CACHE_CONTROL, contentTypeOf, type MediaStorage } from './media-storage';

// Uploads in an S3-compatible bucket (S3_BUCKET), so that every server instance sees every file. They are
// served by this server, streaming GetObject with the client's Range and conditional headers passed through,
// rather than by redirecting to a presigned URL: the portal, its service worker's image cache and its
// Content-Security-Policy (img-src 'self') see one origin, and the URL of a file stays the same for ever,
// which a cache keeps for a year (a presigned URL changes with every answer and expires).

/** Written by the readiness check; not a name the store makes, so never served. */
const READINESS_PROBE_KEY = 'readiness-probe';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

export class S3MediaStorage implements MediaStorage {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.description = `S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: name,
        Body: data,
        ContentType: contentType,
        // For a CDN put in front of the bucket; this server sends its own.
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: name }));
  }

  async checkWritable(): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: READINESS_PROBE_KEY, Body: Buffer.alloc(0), ContentLength: 0 }),
    );
  }

  async registerMediaRoute(app: FastifyInstance): Promise<void> {
    // HEAD asks S3 for the headers only (Fastify's automatic HEAD route would download the file).
    app.route<{ Params: { name: string } }>({
      method: ['GET', 'HEAD'],
      url: '/media/:name',
      handler: (request, reply) => this.serve(request, reply),
    });
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async serve(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply): Promise<FastifyReply> {
    const { name } = request.params;
    const contentType = contentTypeOf(name);
    if (!contentType) throw notFound();
    const since = header(request, 'if-modified-since');
    const sinceDate = since ? new Date(since) : undefined;
    const input = {
      Bucket: this.settings.bucket,
      Key: name,
      IfNoneMatch: header(request, 'if-none-match'),
      IfModifiedSince: sinceDate && !Number.isNaN(sinceDate.getTime()) ? sinceDate : undefined,
    };
    const head = request.method === 'HEAD';
    let object: Omit<GetObjectCommandOutput, 'Body'> & { Body?: unknown };
    try {
      object = head
        ? await this.client.send(new HeadObjectCommand(input))
        : await this.client.send(new GetObjectCommand({ ...input, Range: header(request, 'range') }));
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return reply.code(304).header('Cache-Control', MEDIA_CACHE_CONTROL).send();
      if (status === 404 || status === 403) throw notFound();
      if (status === 416) throw new HttpError(416, { detail: 'The requested range is not satisfiable.' });
      request.log.error({ err: error }, `media ${name}: storage read failed`);
      throw new HttpError(503, { detail: 'The file storage is unavailable, try again later.' });
    }
    reply
      .code(object.ContentRange ? 206 : 200)
      .header('Content-Type', contentType)
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', MEDIA_CACHE_CONTROL);
    if (object.ContentLength !== undefined) reply.header('Content-Length', object.ContentLength);
    if (object.ContentRange) reply.header('Content-Range', object.ContentRange);
    if (object.ETag) reply.header('ETag', object.ETag);
    if (object.LastModified) reply.header('Last-Modified', object.LastModified.toUTCString());
    return head ? reply.send() : reply.send(object.Body as Readable);
  }
}
