export const LAYERS = ['(root)', 'db', 'core', 'config', 'wallet', 'accounts', 'staff', 'members', 'social', 'moderation', 'catalog', 'content', 'reading', 'audio', 'activity', 'games', 'ads', 'sharing', 'wechat', 'abuse', 'experiments', 'offline', 'ops', 'jobs', 'http', 'boot'];
export function layerOf(f) { const i = LAYERS.findIndex((l) => (Array.isArray(l) ? l.includes(f) : l === f)); return i < 0 ? 999 : i; }
export function allowed(a, b) { return layerOf(b) < layerOf(a); }
