import 'server-only';
import type { Metadata } from 'next';
import { shareCardFor, shareImages, type ShareSubject } from './share-images';

/**
 * The Open Graph images and Twitter card of a shared page (docs/sharing.md "Preview images"): og:image is the
 * 1200 × 630 PNG with its size and type, twitter:card summary_large_image; `share` is what the page hands to the
 * messaging-app share code (the 600 × 600 square). Null for a subject that has no card (the page 404s anyway).
 */
export async function shareMetadata(
  subject: ShareSubject,
  id: number,
  text: { title: string; description: string },
): Promise<{ openGraph: NonNullable<Metadata['openGraph']>; twitter: NonNullable<Metadata['twitter']>; squareImage: string } | null> {
  const card = await shareCardFor(subject, id);
  if (!card) return null;
  const { wide, square } = shareImages(subject, id, card);
  return {
    openGraph: { images: [wide] },
    twitter: { card: 'summary_large_image', title: text.title, description: text.description, images: [wide.url] },
    squareImage: square.url,
  };
}
