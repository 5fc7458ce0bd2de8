'use client';

import { usePendingNavigation } from '@/components/ui/use-pending-navigation';
import { useState } from 'react';
import { saveLanguage } from '@/lib/client/actions/accounts';
import { toast } from '@/lib/client/stores/toast-store';
import { LANGUAGE_META, LANGUAGE_TYPES, type LanguageType } from '@/lib/shared/constants';
import { MSG } from '@/lib/shared/messages';

export function LanguageSwitch({ current }: { current: number }) {
  const { navigation, bar } = usePendingNavigation();
  const [value, setValue] = useState(current);
  async function choose(languageType: LanguageType) {
    if (languageType === value) return;
    await saveLanguage(languageType);
    setValue(languageType);
    toast(MSG.languageSaved, { length: 'short' });
    navigation.refresh();
  }
  return (
    <>
      {bar}
      <div className="chip-row" role="radiogroup" aria-label="内容语言">
        {LANGUAGE_TYPES.map((lt) => (
          <button
            key={lt}
            type="button"
            role="radio"
            aria-checked={value === lt}
            className={value === lt ? 'chip active' : 'chip'}
            lang={LANGUAGE_META[lt].lang}
            onClick={() => choose(lt)}
          >
            {LANGUAGE_META[lt].label}
          </button>
        ))}
      </div>
    </>
  );
}
