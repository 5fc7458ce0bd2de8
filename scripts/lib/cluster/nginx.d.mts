export interface Tls {
  cert: string;
  key: string;
}
export interface NginxOptions {
  dir: string;
  port: number;
  upstreams: number[];
  failTimeout?: string;
  cacheSize?: string;
  tls?: Tls;
  compress?: boolean;
}
export function ensureNginx(): string | null;
export function freePort(): Promise<number>;
export function nginxConfig(options: NginxOptions): string;
export function startNginx(
  options: Omit<NginxOptions, 'cacheSize'> & { bin: string; logFile: string },
): Promise<{ pid: number; conf: string; stop(): Promise<void>; exited: Promise<{ code: number | null; signal: string | null }> }>;
export function selfSignedCert(dir: string): Tls;
