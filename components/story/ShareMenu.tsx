// Share menu: a <details> disclosure, so it opens without JavaScript; only copying needs the client.
import { getTranslations } from 'next-intl/server';
import { shareLinks } from '@/lib/story/share';
import { CopyLinkButton } from './CopyLinkButton';

interface Props {
  storyUrl: string;
  customTag: string;
  message: string;
  /** ready-made links (the thank-you page shares short links) instead of the story URL with utm fields */
  links?: ReturnType<typeof shareLinks>;
}

export async function ShareMenu({ storyUrl, customTag, message, links: given }: Props) {
  const t = await getTranslations('Story');
  const labels = { share: t('share'), whatsapp: t('shareWhatsapp'), facebook: t('shareFacebook'), copy: t('copyLink'), copied: t('linkCopied') };
  const links = given ?? shareLinks({ storyUrl, customTag, message });
  return (
    <details className="share-menu">
      <summary className="btn btn-secondary">{labels.share}</summary>
      <div className="share-list" role="group" aria-label={labels.share}>
        <a className="share-item" href={links.whatsapp} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
          {labels.whatsapp}
        </a>
        <a className="share-item" href={links.facebook} target="_blank" rel="noopener noreferrer" data-testid="share-facebook">
          {labels.facebook}
        </a>
        <CopyLinkButton url={links.copy} label={labels.copy} copiedLabel={labels.copied} />
      </div>
    </details>
  );
}
