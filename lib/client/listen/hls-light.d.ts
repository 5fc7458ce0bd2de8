// hls.js ships no typings for its light build; it is the same API as the full build, minus unused features.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
