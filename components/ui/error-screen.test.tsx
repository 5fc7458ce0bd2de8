import { render, screen } from '@testing-library/react';
import { ErrorScreen } from './error-screen';

it('says the server had a hiccup and links back to /m', () => {
  render(<ErrorScreen />);
  expect(screen.getByRole('alert')).toHaveTextContent('服务器开小差了');
  expect(screen.getByRole('link', { name: '刷新' })).toHaveAttribute('href', '/m');
});
