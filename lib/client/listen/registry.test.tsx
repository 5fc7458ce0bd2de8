import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import type { ListenController } from './controller';
import {
  registerListenController,
  requestListenHost,
  resetListenRegistryForTests,
  useListenController,
  useListenHostWanted,
} from './registry';

// The page's parts only compare the controller by identity; a tagged object stands in for one.
const controllerNamed = (name: string) => ({ name }) as unknown as ListenController;

const renders: string[] = [];
function Shows() {
  const c = useListenController() as unknown as { name: string } | null;
  const wanted = useListenHostWanted();
  const text = `${c?.name ?? 'none'} ${wanted ? 'wanted' : 'idle'}`;
  renders.push(text);
  return <p>{text}</p>;
}

beforeEach(() => {
  renders.length = 0;
  act(() => resetListenRegistryForTests());
});

describe('the listen registry as component state', () => {
  it('reaches a part mounted before the host made the controller', async () => {
    render(<Shows />);
    expect(screen.getByText('none idle')).toBeInTheDocument();
    await act(async () => {
      requestListenHost();
      registerListenController(controllerNamed('c1'));
    });
    expect(screen.getByText('c1 wanted')).toBeInTheDocument();
  });

  it('gives a part mounted later the controller on its first render, with no empty one before', () => {
    act(() => registerListenController(controllerNamed('c2')));
    render(<Shows />);
    expect(renders[0]).toBe('c2 idle');
    expect(screen.getByText('c2 idle')).toBeInTheDocument();
  });

  it('misses no change made between a part’s render and its subscription', async () => {
    // A sibling's layout effect runs after the render and before the passive effect that subscribes.
    function RegistersEarly() {
      useLayoutEffect(() => registerListenController(controllerNamed('early')), []);
      return null;
    }
    await act(async () => {
      render(
        <>
          <Shows />
          <RegistersEarly />
        </>,
      );
    });
    expect(screen.getByText('early idle')).toBeInTheDocument();
  });

  it('follows the controller going away', async () => {
    act(() => registerListenController(controllerNamed('c3')));
    render(<Shows />);
    await act(async () => registerListenController(null));
    expect(screen.getByText('none idle')).toBeInTheDocument();
  });
});
