'use client';

import { createContext } from 'react';
import type { ReadChapter } from '@/lib/shared/dto/reading';

/**
 * How a paywall the server rendered into the reader hands back the chapter it unlocked (a server component cannot
 * pass it a function): the reader provides it, the paywall uses it when given no `onUnlocked` of its own.
 */
export const ReaderUnlock = createContext<((chapter: ReadChapter) => void) | null>(null);
