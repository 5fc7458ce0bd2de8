/**
 * Recognises React's hydration errors in console messages and page errors (docs/development.md "Hydration guard").
 *
 * The e2e server is a production build, where React reports by code only ("Minified React error #418; visit
 * https://react.dev/errors/418?args[]=HTML…"). The codes come from react-dom's client build that Next ships
 * (next/dist/compiled/react-dom/cjs/react-dom-client.production.js):
 * - 418 the server rendered HTML (or text) that didn't match the client;
 * - 419 the server could not finish a Suspense boundary, switched to client rendering;
 * - 422 an error while hydrating a Suspense boundary, switched to client rendering;
 * - 423 an error while hydrating, recovered by client rendering the entire root;
 * - 421 and 425 are React 18's (an update before hydration finished; text content did not match), kept so an
 *   older or newer build reporting them is still caught.
 * Development builds (and React 18) word them out; those phrases are matched too.
 */
const HYDRATION_CODES = ['418', '419', '421', '422', '423', '425'];

const PATTERNS: Array<[RegExp, string]> = [
  [new RegExp(`Minified React error #(${HYDRATION_CODES.join('|')})\\b`), 'React hydration error'],
  [new RegExp(`react\\.dev/errors/(${HYDRATION_CODES.join('|')})\\b`), 'React hydration error'],
  [/reactjs\.org\/docs\/error-decoder\.html\?invariant=(418|419|421|422|423|425)\b/, 'React hydration error'],
  [/Hydration failed/i, 'hydration mismatch'],
  [/error while hydrating/i, 'hydration error'],
  [/could not finish this Suspense boundary/i, 'server render failed, client rendered'],
  [/did not match\. Server:/i, 'hydration mismatch'],
  [/does not match server-rendered HTML/i, 'hydration mismatch'],
  [/Expected server HTML to contain/i, 'hydration mismatch'],
  [/hydrat/i, 'hydration warning'],
];

/** What kind of hydration problem a console message or error text reports, or undefined when it reports none. */
export function hydrationProblem(text: string): string | undefined {
  for (const [pattern, label] of PATTERNS) if (pattern.test(text)) return label;
  return undefined;
}
