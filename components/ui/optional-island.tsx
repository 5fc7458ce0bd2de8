'use client';

import { Component, type ReactNode } from 'react';

/**
 * A part of a page that the page works without: a list or a panel whose code is its own chunk, loaded on demand
 * (next/dynamic, or a clientIsland). When that chunk cannot be fetched — offline, where the service worker has only
 * the files a download kept (docs/offline.md "Offline") — or the part fails to render, it shows nothing instead of
 * sending the error to the route's error screen, which would take the whole page (the listen page's player with it)
 * away.
 */
export class OptionalIsland extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
