/** localStorage key of the local reading history (lib/client/local-history.ts), alone so the shell can test for it cheaply. */
export const LOCAL_HISTORY_KEY = 'reader.history';
