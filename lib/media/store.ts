// Where uploaded pictures are kept: a folder under DATA_DIR, or an S3 (or S3-compatible) bucket when S3_BUCKET is set.
// Keys are ours ({random hex id}-{variant}.{ext}); a store refuses any other name, so no path or file of the uploader's
// reaches the disk or the bucket, and the content type always follows from the key's extension.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env, type Env } from '../env';
import { MEDIA_S3_DEFAULT_REGION, MEDIA_UPLOAD_DIR_NAME, MEDIA_UPLOAD_ID_BYTES } from '../constants/media';

export interface MediaStore {
  /** Stores bytes under one of our keys (throws for any other name); their type is always the key's extension's. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes and type of a stored key; null when nothing is stored there or the key is none of ours. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** Removes a key (fine when it is already gone; throws for a name that is none of ours). */
  delete(key: string): Promise<void>;
}

export const MEDIA_VARIANTS = ['card', 'story', 'share', 'avatar', 'private'] as const;
/** sizes stored under a key /media/uploads never serves (a fundraiser's proof, read only through its reviewers' route) */
export const PRIVATE_VARIANTS: readonly MediaVariant[] = ['private'];
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type MediaExtension = keyof typeof CONTENT_TYPES;

const MEDIA_KEY = new RegExp(`^[a-f0-9]{${MEDIA_UPLOAD_ID_BYTES * 2}}-(${MEDIA_VARIANTS.join('|')})\\.(${Object.keys(CONTENT_TYPES).join('|')})$`);

/** True for a key we could have generated; anything else ('../x', 'a.svg', an uploader's name) is never stored or read. */
export const isMediaKey = (key: string): boolean => MEDIA_KEY.test(key);

/** The content type a key is served with, from its extension (never from the uploader). */
export function contentTypeOfKey(key: string): string {
  const match = MEDIA_KEY.exec(key);
  if (!match) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  return CONTENT_TYPES[match[2] as MediaExtension];
}

const isMissing = (e: unknown) => ['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '');

/** Files in one folder (DATA_DIR/uploads unless told otherwise). */
export class DiskMediaStore implements MediaStore {
  constructor(readonly root: string = path.resolve(env().DATA_DIR, MEDIA_UPLOAD_DIR_NAME)) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    contentTypeOfKey(key);
    await mkdir(this.root, { recursive: true });
    const file = path.join(this.root, key);
    // written aside and renamed: a reader never sees half a file (the .part name is no key, so it is never served)
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
    } catch (e) {
      await unlink(partial).catch(() => {});
      throw e;
    }
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    if (!isMediaKey(key)) return null;
    try {
      return { bytes: new Uint8Array(await readFile(path.join(this.root, key))), contentType: contentTypeOfKey(key) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    contentTypeOfKey(key);
    await unlink(path.join(this.root, key)).catch((e) => {
      if (!isMissing(e)) throw e;
    });
  }
}

export interface S3MediaStoreConfig {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** The S3 settings of the environment; null when S3_BUCKET is unset (pictures then go to disk). */
export function s3ConfigFromEnv(e: Env = env()): S3MediaStoreConfig | null {
  if (!e.S3_BUCKET) return null;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION || undefined,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
  };
}

/** Objects under uploads/ in one bucket, through the AWS SDK (AWS S3, R2, MinIO and other S3-compatible services). */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(config: S3MediaStoreConfig) {
    if (Boolean(config.accessKeyId) !== Boolean(config.secretAccessKey)) throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region ?? MEDIA_S3_DEFAULT_REGION,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle ?? false,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // checksums only where S3 requires them: several S3-compatible services refuse the SDK's default CRC headers
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string) {
    return `${MEDIA_UPLOAD_DIR_NAME}/${key}`;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const contentType = contentTypeOfKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    if (!isMediaKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!object.Body) return null;
      // the type follows from our key, whatever the bucket says
      return { bytes: await object.Body.transformToByteArray(), contentType: contentTypeOfKey(key) };
    } catch (e) {
      const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    contentTypeOfKey(key);
    // S3 answers a delete of a missing object with success too
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Closes the SDK's connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}

let cached: MediaStore | undefined;

/** The store of this process: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function mediaStore(): MediaStore {
  if (!cached) {
    const s3 = s3ConfigFromEnv();
    cached = s3 ? new S3MediaStore(s3) : new DiskMediaStore();
  }
  return cached;
}

/** Tests change DATA_DIR or S3_* between files; they call this (after resetEnvForTests) to pick the store again. */
export function resetMediaStoreForTests(): void {
  if (cached instanceof S3MediaStore) cached.destroy();
  cached = undefined;
}
