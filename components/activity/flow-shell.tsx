'use client';

import { useEffect } from 'react';
import { installErrorCatalogue } from '@/lib/client/error-catalogue';
import { ModalHost } from '../modals/modal-host';
import { Toaster } from '../ui/toaster';

/** What a page outside /m needs of the shell to show toasts and modals (docs/shell.md): the toaster, the modal host and the error catalogue. */
export function FlowShell() {
  useEffect(() => installErrorCatalogue(), []);
  return (
    <>
      <Toaster />
      <ModalHost />
    </>
  );
}
