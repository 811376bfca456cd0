import path from 'node:path';
import type { Config } from '../config';
import { LocalMediaStorage } from './local-storage';
import type { MediaStorage } from './media-storage';
import { S3MediaStorage } from './s3-storage';

/** The configured media storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function openMediaStorage(config: Pick<Config, 's3' | 'dataDir'>): MediaStorage {
  return config.s3 ? new S3MediaStorage(config.s3) : new LocalMediaStorage(path.join(config.dataDir, 'uploads'));
}
