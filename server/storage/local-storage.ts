import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_CACHE_CONTROL, contentTypeOf, isStoredName, type MediaStorage } from './media-storage';

// Uploads in a folder (DATA_DIR/uploads), served by @fastify/static: ETag, Last-Modified, Range and
// conditional requests as for any static file; only names the store makes are served.

export class LocalMediaStorage implements MediaStorage {
  readonly description: string;

  constructor(readonly directory: string) {
    this.description = `folder ${directory}`;
    mkdirSync(directory, { recursive: true });
  }

  async put(name: string, data: Buffer): Promise<void> {
    await writeFile(this.pathOf(name), data, { flag: 'wx' });
  }

  async delete(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  async checkWritable(): Promise<void> {
    // A dot name: never one the store makes, so never served, and no two checks share it.
    const probe = path.join(this.directory, `.ready-${randomBytes(6).toString('hex')}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  }

  async registerMediaRoute(app: FastifyInstance): Promise<void> {
    await app.register(fastifyStatic, {
      root: this.directory,
      prefix: '/media/',
      // The portal's static files own reply.sendFile (http/portal.ts).
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => contentTypeOf(pathName.replace(/^\//, '')) !== null,
      setHeaders: (reply) => {
        reply.header('Cache-Control', MEDIA_CACHE_CONTROL);
      },
    });
  }

  async close(): Promise<void> {}

  private pathOf(name: string): string {
    if (!isStoredName(name)) throw new Error(`not a stored upload name: ${name}`);
    return path.join(this.directory, name);
  }
}
