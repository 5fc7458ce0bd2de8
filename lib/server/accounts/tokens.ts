import 'server-only';
import { createHash } from 'node:crypto';

/** Session tokens are stored as SHA-256: a leaked table does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
