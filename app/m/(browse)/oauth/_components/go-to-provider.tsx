'use client';

import { useEffect } from 'react';

/** Leaves for the provider at once; the link stays for browsers that block scripted navigation. */
export function GoToProvider({ href }: { href: string }) {
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <a className="button button-primary button-block" href={href}>
      继续登录
    </a>
  );
}
