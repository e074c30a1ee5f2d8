import type { Profile } from '@hostdeck/contracts';
import { CalendarDays, Gift, Lock, SearchX, Server, UserRoundCog } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { PluginSlot } from '../../components/ui/plugin-slot.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/use-session.ts';
import { LoadError, linkButton, StatePanel, secondaryLink } from '../servers/page-parts.tsx';
import { useProfile } from './api.ts';
import { Avatar, EarlySupporterBadge, RoleBadge } from './member-parts.tsx';
import { SkinPreview } from './skin-preview.tsx';

/**
 * Loads the profile of the URL; missing and private profiles get their own friendly pages (a page
 * that can do without the profile gives `whenPrivate`).
 */
export function ProfileGate({
  children,
  whenPrivate,
}: {
  children: (profile: Profile) => ReactNode;
  whenPrivate?: ReactNode;
}) {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const profile = useProfile(uuid);
  if (profile.isPending) return <Loading label={t('common.loading')} />;
  if (profile.isError) {
    const err = profile.error;
    if (err instanceof ApiError && err.code === 'FEATURE_DISABLED' && whenPrivate) return <>{whenPrivate}</>;
    if (err instanceof ApiError && err.code === 'FEATURE_DISABLED')
      return (
        <StatePanel
          icon={Lock}
          tone="amber"
          testId="profiles-private"
          title={t('profiles.privateTitle')}
          message={t('profiles.privateMessage')}
        />
      );
    // A malformed id (400) is as missing as an unknown one (404).
    if (err instanceof ApiError && (err.status === 404 || err.status === 400))
      return (
        <StatePanel
          icon={SearchX}
          testId="profile-not-found"
          title={t('profiles.notFoundTitle')}
          message={t('profiles.notFoundMessage')}
          back="/lookup"
          backLabel={t('nav.lookup')}
        />
      );
    return <LoadError error={err} />;
  }
  return <>{children(profile.data)}</>;
}

/** The member's background as a header banner; a picture that fails to load leaves the plain gradient. */
function Banner({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      className="absolute inset-0 size-full object-cover"
      data-testid="profile-banner"
      onError={() => setFailed(true)}
    />
  );
}

/** /profile/:uuid: a member as others see them. */
export function ProfilePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useSession().data?.userInfo.uuid;
  return (
    <ProfileGate>
      {(p) => {
        const own = p.uuid === me;
        return (
          <article
            className="surface mx-auto max-w-3xl overflow-hidden"
            data-testid="profile"
            aria-labelledby="profile-name"
          >
            <div className="relative h-32 bg-gradient-to-br from-brand-500/40 via-sky-500/20 to-amber-400/30 sm:h-44">
              {p.background && <Banner src={p.background} />}
            </div>
            <div className="flex flex-col gap-5 px-4 pb-6 sm:px-6">
              <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
                <Avatar member={p} size="lg" className="-mt-12 ring-4 ring-white dark:ring-slate-900" />
                <div className="flex min-w-0 flex-1 basis-48 flex-col gap-2 pt-3">
                  <h1 id="profile-name" className="text-2xl font-bold break-words">
                    {p.username}
                  </h1>
                  <div className="flex flex-wrap items-center gap-2">
                    <RoleBadge member={p} />
                    {p.early_supporter && <EarlySupporterBadge />}
                    {own && (
                      <span className="rounded-full bg-slate-500/15 px-2.5 py-0.5 text-xs font-semibold">
                        {t('profiles.you')}
                      </span>
                    )}
                  </div>
                </div>
              </div>
              <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
                <div className="flex min-w-0 flex-1 flex-col gap-5">
                  <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
                    {/* A group holds only its <dt> and <dd>: the icon sits in the term, drawn at the left. */}
                    <div className="relative rounded-xl bg-slate-100 py-3 pr-4 pl-12 dark:bg-slate-800/60">
                      <dt className="text-xs text-muted">
                        <CalendarDays
                          className="absolute top-1/2 left-4 size-5 -translate-y-1/2 text-brand-500"
                          aria-hidden
                        />
                        {t('profiles.joined')}
                      </dt>
                      <dd className="font-semibold" data-testid="profile-joined">
                        <time dateTime={p.joined_at} title={f.relative(p.joined_at)}>
                          {f.date(p.joined_at)}
                        </time>
                      </dd>
                    </div>
                    <div className="relative rounded-xl bg-slate-100 py-3 pr-4 pl-12 dark:bg-slate-800/60">
                      <dt className="text-xs text-muted">
                        <Server
                          className="absolute top-1/2 left-4 size-5 -translate-y-1/2 text-brand-500"
                          aria-hidden
                        />
                        {t('profiles.servers')}
                      </dt>
                      <dd className="font-semibold tabular-nums" data-testid="profile-servers">
                        {f.number(p.servers)}
                      </dd>
                    </div>
                  </dl>
                  {(p.can_gift || own) && (
                    <div className="flex flex-wrap gap-2">
                      {p.can_gift && (
                        <Link to={`/profile/${p.uuid}/gift-coins`} className={linkButton} data-testid="gift-link">
                          <Gift className="size-4" aria-hidden />
                          {t('profiles.giftCoins')}
                        </Link>
                      )}
                      {own && (
                        <Link to="/account" className={secondaryLink} data-testid="account-link">
                          <UserRoundCog className="size-4" aria-hidden />
                          {t('nav.account')}
                        </Link>
                      )}
                    </div>
                  )}
                </div>
                <div
                  className="flex shrink-0 justify-center self-center rounded-xl bg-slate-100 dark:bg-slate-800/60"
                  data-testid="profile-skin"
                >
                  <SkinPreview skin={p.skin_url} label={t('profiles.skinOf', { name: p.username })} />
                </div>
              </div>
              <PluginSlot
                name="profile.sections"
                className="flex flex-col gap-4"
                subject={{ type: 'profile', id: p.uuid, username: p.username }}
              />
            </div>
          </article>
        );
      }}
    </ProfileGate>
  );
}
