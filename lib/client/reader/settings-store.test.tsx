import { hydrationCommits } from '@/test/hydration-commits';
import { useReaderSettings, useReaderSettingsStore } from './settings-store';

function Settings() {
  const s = useReaderSettings();
  return <p>{`${s.fontSize} ${s.skin}`}</p>;
}

function WholeState() {
  const s = useReaderSettingsStore();
  return <p>{`${s.fontSize} ${s.skin}`}</p>;
}

describe('the reader settings at hydration', () => {
  beforeEach(() => localStorage.clear());

  it('hydrate without a second render when nothing is stored', async () => {
    expect(await hydrationCommits(<Settings />)).toEqual(['mount']);
  });

  it('(the whole persisted state is a new object once loaded: read whole, it renders twice)', async () => {
    expect(await hydrationCommits(<WholeState />)).toEqual(['mount', 'update']);
  });
});
