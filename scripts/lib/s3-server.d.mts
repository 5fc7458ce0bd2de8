export const S3RVER_KEY: string;
export interface S3Server {
  endpoint: string;
  port: number;
  dir: string;
  buckets: string[];
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment an app server needs to keep its media in `bucket` (the first one by default). */
  env(
    bucket?: string,
  ): Record<
    'STORAGE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE',
    string
  >;
  close(): Promise<void>;
}
export function startS3Server(options?: { port?: number; buckets?: string[]; dir?: string; silent?: boolean }): Promise<S3Server>;
