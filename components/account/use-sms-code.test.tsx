import { hydrationCommits } from '@/test/hydration-commits';
import { useSmsCode } from './use-sms-code';

function Countdown() {
  const { wait } = useSmsCode();
  return <button type="button">{wait > 0 ? `${wait}秒后重发` : '获取验证码'}</button>;
}

it('the login form’s code button hydrates without a second render', async () => {
  expect(await hydrationCommits(<Countdown />)).toEqual(['mount']);
});
