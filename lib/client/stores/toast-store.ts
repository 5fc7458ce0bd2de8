import { create } from 'zustand';
import { TOAST_MS } from '@/lib/shared/constants';

export type ToastLength = keyof typeof TOAST_MS;

export interface Toast {
  id: number;
  text: string;
  durationMs: number;
  /** A mask blocks taps while an action is processing (docs/shell.md "Toasts, spinners, error screen, navigation"). */
  mask: boolean;
}

interface ToastState {
  toasts: Toast[];
  show: (text: string, options?: { length?: ToastLength; mask?: boolean }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show(text, options = {}) {
    const id = nextId++;
    const durationMs = TOAST_MS[options.length ?? 'default'];
    // One toast at a time: a new message replaces the one on screen.
    set({ toasts: [{ id, text, durationMs, mask: options.mask ?? false }] });
    setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Shorthand for non-React callers (the API client). */
export const toast = (text: string, options?: { length?: ToastLength; mask?: boolean }) => useToastStore.getState().show(text, options);
