// A live fundraiser's dashboard opens with the two shares that bring most support: WhatsApp and the link.
import { getTranslations } from 'next-intl/server';
import { MessageCircle } from 'lucide-react';
import { shareLinks, storyShareMessage } from '@/lib/story/share';
import { CopyLinkButton } from '@/components/story/CopyLinkButton';
import { ShareLink } from '@/components/story/ShareLink';

interface Props {
  fundraiserId: number;
  customTag: string;
  title: string;
  summary: string;
  /** the story's absolute address in the campaigner's language */
  storyUrl: string;
}

export async function ShareFundraiser({ fundraiserId, customTag, title, summary, storyUrl }: Props) {
  const [t, tStory] = await Promise.all([getTranslations('Manage'), getTranslations('Story')]);
  const links = shareLinks({ storyUrl, customTag, message: storyShareMessage(tStory, title, summary) });
  return (
    <section className="panel manage-share" aria-labelledby="share-heading" data-testid="dashboard-share">
      <h2 id="share-heading">{t('share.heading')}</h2>
      <p className="muted">{t('share.text')}</p>
      <div className="manage-share-actions">
        <ShareLink href={links.whatsapp} fundraiserId={fundraiserId} channel="whatsapp" testId="dashboard-share-whatsapp">
          <MessageCircle aria-hidden size={20} /> {tStory('shareWhatsapp')}
        </ShareLink>
        <CopyLinkButton url={links.copy} label={tStory('copyLink')} copiedLabel={tStory('linkCopied')} fundraiserId={fundraiserId} />
      </div>
    </section>
  );
}
