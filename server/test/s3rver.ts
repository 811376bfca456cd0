import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// An S3-compatible server in this process, on 127.0.0.1, with one empty bucket, for the tests of the S3
// media storage (and the deployment tests). s3rver checks request signatures against its own key pair.

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the server at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const S3RVER_KEY = 'S3RVER';

export async function startTestS3(options: { bucket?: string; port?: number } = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'quiz-uploads';
  const directory = mkdtempSync(path.join(tmpdir(), 'quiz-portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
