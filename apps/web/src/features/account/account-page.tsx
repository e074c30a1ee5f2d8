import { Gift, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PluginSlot } from '../../components/ui/plugin-slot.tsx';
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { myCoinHistory } from '../coins/api.ts';
import { CoinHistory } from '../coins/coin-history.tsx';
import { useProfile } from '../profiles/api.ts';
import { Avatar, RoleBadge } from '../profiles/member-parts.tsx';
import { linkButton, secondaryLink } from '../servers/page-parts.tsx';
import { AccountNav } from './account-nav.tsx';
import { AppearanceCard } from './appearance-card.tsx';
import { BillingSection } from './billing-section.tsx';
import { DeleteSection } from './delete-section.tsx';
import { DiscordCard } from './discord-card.tsx';
import { EmailSection } from './email-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SignInProvidersSection } from './sign-in-providers-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { VerifyEmailNotice } from './verify-email-notice.tsx';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * /account: one page of sections, each with an anchor (#profile, #email, #password, #sessions,
 * #security, #billing, #language, #appearance, #discord, #coins, #delete) and each its own component.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const info = useSession().data?.userInfo ?? {};
  const uuid = text(info.uuid);
  const redeemOn = useSetting<boolean>('code_redemption_enabled') === true;
  // The member's own profile is always readable (even with public profiles off); it knows the join date.
  const profile = useProfile(uuid);
  const member = {
    username: text(info.username),
    avatar: info.avatar ? text(info.avatar) : null,
    role_display_name: text(info.role_display_name),
    role_color: text(info.role_color),
  };
  const name = [text(info.first_name), text(info.last_name)].filter(Boolean).join(' ');
  const joined = profile.data?.joined_at ?? (info.first_seen ? text(info.first_seen) : null);
  const rows: [string, ReactNode, string][] = [
    [t('auth.fields.username'), member.username, 'account-username'],
    [
      t('auth.fields.email'),
      <span key="email" className="break-all">
        {text(info.email)}
      </span>,
      'account-email',
    ],
    [t('users.role'), <RoleBadge key="role" member={member} />, 'account-role'],
    [
      t('account.joined'),
      joined ? (
        <time key="joined" dateTime={joined}>
          {f.date(joined)}
        </time>
      ) : (
        '—'
      ),
      'account-joined',
    ],
    [
      t('dashboard.securityTitle'),
      info.two_fa_enabled ? (
        t('account.twoFactorOn')
      ) : (
        <Link key="2fa" to="/auth/2fa/setup" className="text-brand-600 hover:underline dark:text-brand-300">
          {t('dashboard.setupTwoFactor')}
        </Link>
      ),
      'account-two-factor',
    ],
  ];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <VerifyEmailNotice />
      <section className="surface flex flex-col gap-5 p-4 sm:p-6" aria-labelledby="account-title">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar member={member} size="md" />
          <div className="min-w-0 flex-1">
            <h1 id="account-title" className="text-2xl font-bold break-words">
              {t('account.title')}
            </h1>
            <p className="text-sm text-muted break-words">{name || member.username}</p>
          </div>
          {uuid && (
            <Link to={`/profile/${uuid}`} className={secondaryLink} data-testid="public-profile-link">
              <UserRound className="size-4" aria-hidden />
              {t('account.viewProfile')}
            </Link>
          )}
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {rows.map(([label, value, testId]) => (
            <div key={testId} className="flex min-w-0 flex-col gap-1">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="flex min-w-0 items-center gap-2 font-medium" data-testid={testId}>
                {testId === 'account-two-factor' && (
                  <ShieldCheck
                    className={`size-4 shrink-0 ${info.two_fa_enabled ? 'text-brand-500' : 'text-slate-400'}`}
                    aria-hidden
                  />
                )}
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <AccountNav />
      <ProfileSection />
      <EmailSection />
      <PasswordSection />
      <SessionsSection />
      <div id="security" className="flex scroll-mt-20 flex-col gap-6">
        <TwoFactorSection />
        <PasskeysSection />
        <SignInProvidersSection />
      </div>
      <BillingSection />
      <LanguageSection />
      <div id="appearance" className="scroll-mt-20">
        <AppearanceCard />
      </div>
      <div id="discord" className="scroll-mt-20">
        <DiscordCard />
      </div>
      <div id="coins" className="scroll-mt-20">
        <CoinHistory
          source={myCoinHistory}
          empty={
            <>
              <p>{t('coins.emptyMine')}</p>
              {redeemOn && (
                <Link to="/earn/redeem" className={linkButton}>
                  <Gift className="size-4" aria-hidden />
                  {t('nav.redeem')}
                </Link>
              )}
            </>
          }
        />
      </div>
      <PluginSlot name="account.sections" className="flex flex-col gap-6" />
      <DeleteSection />
    </div>
  );
}
