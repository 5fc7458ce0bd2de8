export { alipayProvider } from './provider';
