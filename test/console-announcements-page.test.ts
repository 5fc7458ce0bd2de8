import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from '@/test/db';
import { getDb } from '@/lib/server/db/client';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { publishAnnouncement } from '@/lib/server/staff/announcements';
import AnnouncementsPage from '@/app/admin/announcements/page';

// The page itself (docs/console.md "Announcements"): plain forms that work without JavaScript, for a moderator.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'mod', displayName: '审核员甲', role: 'moderator' }),
);

useTestDatabase();

it('renders the publish form, the list with a withdraw form per announcement, and the nav entry', async () => {
  const staffId = await createStaffFromCommand(getDb(), {
    username: 'writer',
    displayName: '运营小王',
    role: 'admin',
    password: 'long-enough-pass',
  });
  const id = await publishAnnouncement(
    { id: staffId, role: 'admin', ip: '' },
    { title: '<b>新功能</b>', body: '正文', link: '/m/novels/1' },
  );
  const html = renderToStaticMarkup(await AnnouncementsPage({ searchParams: Promise.resolve({}) }));
  expect(html).toContain('action="/admin/actions/announcements"');
  expect(html).toMatch(/<input[^>]*name="title"[^>]*required=""[^>]*maxLength="120"|<input[^>]*maxLength="120"[^>]*name="title"/i);
  expect(html).toMatch(/<textarea[^>]*name="body"/);
  expect(html).toContain('pattern="/m(/.*)?"');
  expect(html).toContain('<a href="/admin/announcements" aria-current="page">公告</a>');
  expect(html).not.toContain('href="/admin/staff"');
  // The title is text, never markup; the withdraw form names the announcement.
  expect(html).toContain('&lt;b&gt;新功能&lt;/b&gt;');
  expect(html).toContain(`name="id" value="${id}"`);
  expect(html).toContain('发布人：运营小王');
  expect(html).toContain('<code class="link">/m/novels/1</code>');
});
