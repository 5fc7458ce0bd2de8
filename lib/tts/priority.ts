import 'server-only';
/**
 * Linux nice value of the synthesis threads and the ffmpeg encoders. Page serving runs at 0; at 10 the scheduler
 * gives the audio work about a tenth of a contended core's share, so eight first listens at once leave /m more
 * than half of its idle throughput (bench/audio.mjs) while an idle core still runs synthesis at full speed.
 */
export const AUDIO_WORK_NICE = 10;
