// spec 1: social login, one link per configured provider to our start route (which validates redirect_uri).
import { getTranslations } from 'next-intl/server';
import { configuredSocialProviders, socialStartPath } from '@/lib/auth/social/providers';
import styles from './SocialButtons.module.css';

export async function SocialButtons({ redirectUri }: { redirectUri: string | null }) {
  const providers = configuredSocialProviders();
  if (providers.length === 0) return null;
  const t = await getTranslations('SocialLogin');
  return (
    <section className={styles.social} aria-labelledby="social-login-heading">
      <h2 id="social-login-heading" className={styles.heading}>
        {t('heading')}
      </h2>
      <ul className={styles.list}>
        {providers.map((p) => (
          <li key={p.id}>
            {/* a full navigation (not a client route): the start route answers with a redirect to the provider */}
            <a className={`btn btn-secondary btn-block ${styles.button}`} href={socialStartPath(p.id, redirectUri)} data-testid={`social-${p.id}`}>
              {t('continueWith', { provider: p.label })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
