import type { MinorsStatusDto } from '@/lib/shared/minors-mode';
import { api } from '../api';

/** 青少年模式's calls (docs/minors-mode.md "Calls"); the gate's are silent: it explains a stop itself. */
export const fetchMinorsStatus = () => api<MinorsStatusDto>('/v1/my/minors_mode', { silent: true });

export const minorsHeartbeat = (kind: 'read' | 'listen') =>
  api<MinorsStatusDto>('/v1/my/minors_mode/heartbeat', { method: 'POST', body: { kind }, silent: true });

export const turnMinorsOn = (pin: string, pinConfirm: string) =>
  api<MinorsStatusDto>('/v1/my/minors_mode', { method: 'POST', body: { op: 'on', pin, pin_confirm: pinConfirm } });

export const turnMinorsOff = (pin: string) => api<MinorsStatusDto>('/v1/my/minors_mode', { method: 'POST', body: { op: 'off', pin } });

export const setMinorsLimit = (pin: string, minutes: number) =>
  api<MinorsStatusDto>('/v1/my/minors_mode', { method: 'POST', body: { op: 'limit', pin, daily_minutes: minutes } });
