import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { accountOf } from '@/lib/portfolio/queries';
import { localizedPath } from '@/lib/i18n/locales';
import { signInPath } from '@/lib/routes';
import { requireCurrentUser } from '@/components/auth/current-user';
import { ProfileForm, type ProfileLabels } from '@/components/portfolio/ProfileForm';
import { AvatarUpload, type AvatarLabels } from '@/components/portfolio/AvatarUpload';
import '@/components/portfolio/portfolio.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Profile' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

const FORM_KEYS = ['name', 'extension', 'phone', 'pincode', 'pan', 'panHelp', 'address', 'gender', 'genderNone', 'genderMale', 'genderFemale', 'genderOther', 'save', 'saving', 'saved', 'failed', 'signInAgain'] as const;
const AVATAR_KEYS = { heading: 'avatarHeading', choose: 'avatarChoose', help: 'avatarHelp', uploading: 'avatarUploading', saved: 'avatarSaved', alt: 'avatarAlt', none: 'avatarNone', failed: 'avatarFailed', signInAgain: 'signInAgain' } as const;

// The signed-in user's own profile: name, phone, pincode, PAN, address, gender and picture (spec 5 rules)
export default async function ProfilePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, '/profile');
  const [account, t] = await Promise.all([accountOf(await getDb(), user.id), getTranslations('Profile')]);
  const formLabels = Object.fromEntries(FORM_KEYS.map((k) => [k, t(k)])) as ProfileLabels;
  const avatarLabels = Object.fromEntries(Object.entries(AVATAR_KEYS).map(([k, key]) => [k, t(key)])) as AvatarLabels;
  const signInHref = localizedPath(locale, signInPath(localizedPath(locale, '/profile')));
  return (
    <div className="container section profile-page">
      <h1>{t('title')}</h1>
      <AvatarUpload current={account.avatar} labels={avatarLabels} signInHref={signInHref} />
      <section aria-labelledby="details-heading">
        <h2 id="details-heading">{t('detailsHeading')}</h2>
        <dl className="facts">
          <div>
            <dt>{t('email')}</dt>
            <dd>{account.isDummyEmail ? t('noEmail') : account.email}</dd>
          </div>
        </dl>
        <ProfileForm
          initial={{ full_name: account.full_name, extension: account.extension, phone_1: account.phone_1, pincode: account.pincode, pan_number: account.pan_number, address_1: account.address_1, gender: account.gender }}
          labels={formLabels}
          signInHref={signInHref}
        />
      </section>
      <p>
        <Link href="/portfolio">{t('backToPortfolio')}</Link>
      </p>
    </div>
  );
}
