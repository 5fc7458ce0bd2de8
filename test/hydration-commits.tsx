import { Profiler, type ReactNode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/**
 * Hydrates `node` over its own server markup and returns the commits React made: ['mount'] when hydration alone
 * was enough, more when something re-rendered at once (a store whose client state differs from the server's).
 */
export async function hydrationCommits(node: ReactNode): Promise<string[]> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(node);
  document.body.append(container);
  const commits: string[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Profiler id="hydration" onRender={(_id, phase) => commits.push(phase)}>
        {node}
      </Profiler>,
    );
  });
  container.remove();
  return commits;
}
