// Runs once when the server starts: refuse demo switches and plain-http messaging-app hosts on a deployed server
// (docs/abuse.md) and a deployment without SITE_URL (docs/deploy.md), check the media storage (docs/storage.md),
// open the database, apply migrations, seed an empty catalogue.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { refuseDeployedDemo } = await import('./lib/server/core/demo-switches');
  refuseDeployedDemo();
  const { refuseBadSiteUrl } = await import('./lib/server/core/site-url');
  refuseBadSiteUrl();
  const { refuseInsecureWechatHosts } = await import('./lib/server/wechat/hosts');
  refuseInsecureWechatHosts();
  const { startStorage } = await import('./lib/server/audio/storage-startup');
  await startStorage();
  const { startDatabase } = await import('./lib/server/boot/startup');
  await startDatabase();
}
