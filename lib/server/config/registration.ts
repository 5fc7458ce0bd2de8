import 'server-only';
import { cachedFlags } from './flags-cache';

export interface RegistrationNumbers {
  /** ICP 备案号, e.g. 京ICP备12345678号-1. */
  icp: string | null;
  /** 网络出版服务许可证 number, for operators who hold one. */
  publishingLicence: string | null;
}

const clean = (v: string | null | undefined) => (v && v.trim() ? v.trim().slice(0, 64) : null);

/**
 * The operator's registration numbers for the footer of public pages (docs/agreements.md "Registration numbers"):
 * the console's config first, then the ICP_NUMBER / PUBLISHING_LICENCE environment; null shows nothing.
 */
export function registrationNumbers(): RegistrationNumbers {
  const flags = cachedFlags().registration;
  return {
    icp: clean(flags?.icp) ?? clean(process.env.ICP_NUMBER),
    publishingLicence: clean(flags?.publishing_licence) ?? clean(process.env.PUBLISHING_LICENCE),
  };
}
