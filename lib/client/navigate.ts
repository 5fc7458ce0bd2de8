/** Full-page navigation behind one object, so tests can spy on it (jsdom cannot navigate). */
export const navigate = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
