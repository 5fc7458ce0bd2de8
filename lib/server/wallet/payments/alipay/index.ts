import 'server-only';
export { alipayProvider } from './provider';
