export const STAND_IN_RATE: number;
export const STAND_IN_VOICES: {
  openai: Record<string, string>;
  azure: { ShortName: string; LocalName: string; DisplayName: string; Gender: string; Locale: string; espeak: string }[];
};
export interface StandInBehaviour {
  delayMs?: number;
  failStatus?: number;
  failTimes?: number;
  retryAfter?: number;
  failAfter?: number;
  hang?: boolean;
  garbage?: boolean;
  redirectTo?: string;
  listStatus?: number;
}
export interface StandInRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
  text?: string;
}
export interface TtsStandIn {
  base: string;
  requests: StandInRequest[];
  syntheses(): StandInRequest[];
  readonly maxInFlight: number;
  behave(next?: StandInBehaviour): void;
  env: Record<'TTS_OPENAI_BASE_URL' | 'TTS_OPENAI_API_KEY' | 'TTS_OPENAI_VOICES' | 'TTS_AZURE_KEY' | 'TTS_AZURE_ENDPOINT', string>;
  close(): Promise<void>;
}
export function wav(pcm: Buffer, rate: number): Buffer;
export function startTtsStandIn(options?: { openaiKey?: string; azureKey?: string }): Promise<TtsStandIn>;
