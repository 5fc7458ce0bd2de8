import { fireEvent, render, screen } from '@testing-library/react';
import { registerListenController } from '@/lib/client/listen/registry';
import type { ListenController } from '@/lib/client/listen/controller';
import { resetListenStore, useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { PlaySettingModal } from './play-setting-modal';

const next = jest.fn(async () => undefined);

beforeEach(() => {
  localStorage.clear();
  resetListenStore();
  next.mockClear();
  registerListenController({ next } as unknown as ListenController);
  useModalStore.setState({ current: { name: 'play-setting', props: { type: 2 } } });
});

afterEach(() => registerListenController(null));

describe('PlaySettingModal', () => {
  it('marks the stored type; a choice stores the type and its episode counter', () => {
    render(<PlaySettingModal type={2} />);
    expect(screen.getByRole('heading', { name: '连续播放' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '连续播放8集' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '连续播放3集' }));
    expect(localStorage.getItem('listen.continuous_play_type')).toBe('1');
    expect(localStorage.getItem('listen.continuous_play')).toBe('3');
    expect(useListenStore.getState().continuousPlay).toBe(3);
    expect(useModalStore.getState().current).toBeNull();
    expect(next).not.toHaveBeenCalled();
  });

  it('opened as an episode ended, it asks to keep listening and a choice goes on to the next chapter', () => {
    render(<PlaySettingModal type={0} resume />);
    expect(screen.getByRole('heading', { name: '本集已播完，是否继续收听？' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '一直连续播放' }));
    expect(useListenStore.getState().continuousPlay).toBe(-1);
    expect(next).toHaveBeenCalledWith(true);
  });

  it('closed without a choice, nothing more plays', () => {
    render(<PlaySettingModal type={0} resume />);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(next).not.toHaveBeenCalled();
    expect(useModalStore.getState().current).toBeNull();
  });
});
