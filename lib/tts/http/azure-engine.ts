import 'server-only';
import { log } from '@/lib/server/logger';
import type { LanguageType, Voice, VoiceProfile } from '../engine';
import type { AzureConfig, ConfiguredVoice } from './config';
import { decodeWav } from './decode';
import { HttpSpeechEngine, profileOf } from './http-engine';
import { fetchWithRetry } from './request';
import { resamplePcm } from '../resample';

export const AZURE_ENGINE_ID = 'azure';

/** 24 kHz 16-bit mono WAV: what we ask Azure for, and the engine's rate. */
export const AZURE_OUTPUT_FORMAT = 'riff-24khz-16bit-mono-pcm';
const USER_AGENT = 'shusheng-tts';
const LIST_RETRY_MS = 5 * 60_000;

/** An entry of Azure's voice list (the fields we read). */
interface AzureListedVoice {
  ShortName: string;
  LocalName?: string;
  DisplayName?: string;
  Gender?: string;
  Locale: string;
}

/** The novel language a locale reads (zh-* Chinese, ug-* Uyghur, bo-* Tibetan), or null for the others. */
export function languageTypeOfLocale(locale: string): LanguageType | null {
  const lang = locale.toLowerCase().split('-')[0];
  return lang === 'zh' ? 1 : lang === 'ug' ? 0 : lang === 'bo' ? 2 : null;
}

/** Text as SSML character data: novel text may hold < & > and quotes, which must never become markup. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export function ssml(text: string, voice: Voice): string {
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(voice.language)}">` +
    `<voice name="${escapeXml(voice.id)}">${escapeXml(text)}</voice></speak>`
  );
}

/** The locale a short name starts with (zh-CN-XiaoxiaoNeural → zh-CN). */
const localeOfShortName = (name: string) => name.split('-').slice(0, 2).join('-');

/**
 * Azure Speech's REST API (docs/speech-engines.md "Azure Speech"): SSML in, 24 kHz WAV out. Its voice list is read
 * at warm() and kept; the operator's TTS_AZURE_VOICES limits it to a few voices (and names them), and stands in for
 * it while the list cannot be read.
 */
export class AzureSpeechEngine extends HttpSpeechEngine {
  readonly id = AZURE_ENGINE_ID;
  readonly version = '1';
  readonly sampleRate = 24_000;
  private listed: VoiceProfile[] | null = null;
  private listing: Promise<void> | null = null;
  /** When the list was last asked for: a failing list is asked again at most every LIST_RETRY_MS. */
  private listedAt = 0;
  private readonly configured: VoiceProfile[];

  constructor(private readonly config: AzureConfig) {
    super(config);
    this.configured = config.voices.map((v) => this.profile(v, localeOfShortName(v.id)));
  }

  private profile(v: ConfiguredVoice, locale: string): VoiceProfile {
    return profileOf(this.id, { ...v, languageType: v.languageType ?? languageTypeOfLocale(locale) ?? 1 }, locale);
  }

  /** The list's voices (allowed ones only), else the configured ones while the list is not read. */
  voices(): VoiceProfile[] {
    if (!this.listed && Date.now() - this.listedAt > LIST_RETRY_MS) this.warm();
    return this.listed ?? this.configured;
  }

  warm(): void {
    this.listedAt = Date.now();
    this.listing ??= this.refreshVoices().finally(() => {
      this.listing = null;
    });
  }

  /** Reads the voice list now (warm() does it in the background); failures keep the configured list. */
  async refreshVoices(): Promise<void> {
    try {
      const { body } = await fetchWithRetry(
        this.config.voicesUrl,
        { headers: { 'Ocp-Apim-Subscription-Key': this.config.key, 'User-Agent': USER_AGENT } },
        { ...this.config, retries: Math.min(1, this.config.retries) },
      );
      const list = JSON.parse(body.toString('utf8')) as AzureListedVoice[];
      if (!Array.isArray(list)) throw new Error('voice list is not an array');
      const allowed = new Map(this.config.voices.map((v) => [v.id, v]));
      const profiles: VoiceProfile[] = [];
      for (const item of list) {
        if (typeof item?.ShortName !== 'string' || typeof item.Locale !== 'string') continue;
        const own = allowed.get(item.ShortName);
        if (allowed.size && !own) continue;
        const languageType = own?.languageType ?? languageTypeOfLocale(item.Locale);
        if (languageType === null) continue;
        profiles.push(
          this.profile(
            {
              id: item.ShortName,
              name: own?.name ?? item.LocalName ?? item.DisplayName,
              gender: own?.gender ?? (item.Gender === 'Male' ? 'male' : 'female'),
              languageType,
            },
            item.Locale,
          ),
        );
      }
      this.listed = profiles;
    } catch (err) {
      // Keeps what it had: the last list read, or the configured voices.
      log('warn', 'tts_azure_voice_list_failed', { err: err instanceof Error ? err.message : String(err) });
    }
  }

  protected async speak(text: string, voice: Voice): Promise<Int16Array> {
    const { body } = await fetchWithRetry(
      this.config.endpoint,
      {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': this.config.key,
          'Content-Type': 'application/ssml+xml',
          'X-Microsoft-OutputFormat': AZURE_OUTPUT_FORMAT,
          'User-Agent': USER_AGENT,
        },
        body: ssml(text, voice),
      },
      this.config,
    );
    const pcm = decodeWav(body);
    return resamplePcm(pcm.samples, pcm.sampleRate, this.sampleRate);
  }
}
