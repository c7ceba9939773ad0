// Share menu: a <details> disclosure, so it opens without JavaScript; only copying needs the client.
import { getTranslations } from 'next-intl/server';
import { shareLinks } from '@/lib/story/share';
import { CopyLinkButton } from './CopyLinkButton';
import { ShareLink } from './ShareLink';

interface Props {
  storyUrl: string;
  customTag: string;
  message: string;
  /** ready-made links (the thank-you page shares short links) instead of the story URL with utm fields */
  links?: ReturnType<typeof shareLinks>;
  /** counts the share clicks for the campaigner's dashboard */
  fundraiserId: number;
}

export async function ShareMenu({ storyUrl, customTag, message, links: given, fundraiserId }: Props) {
  const t = await getTranslations('Story');
  const labels = { share: t('share'), whatsapp: t('shareWhatsapp'), facebook: t('shareFacebook'), copy: t('copyLink'), copied: t('linkCopied') };
  const links = given ?? shareLinks({ storyUrl, customTag, message });
  return (
    <details className="share-menu">
      <summary className="btn btn-secondary">{labels.share}</summary>
      <div className="share-list" role="group" aria-label={labels.share}>
        <ShareLink href={links.whatsapp} fundraiserId={fundraiserId} channel="whatsapp" testId="share-whatsapp">
          {labels.whatsapp}
        </ShareLink>
        <ShareLink href={links.facebook} fundraiserId={fundraiserId} channel="facebook" testId="share-facebook">
          {labels.facebook}
        </ShareLink>
        <CopyLinkButton url={links.copy} label={labels.copy} copiedLabel={labels.copied} fundraiserId={fundraiserId} />
      </div>
    </details>
  );
}
