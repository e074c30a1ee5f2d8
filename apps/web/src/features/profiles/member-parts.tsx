import type { PublicMember } from '@hostdeck/contracts';
import { Sparkles } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyImage } from '../../components/ui/lazy-image.tsx';
import { useSession } from '../../lib/use-session.ts';
import { useSetting } from '../../lib/use-settings.ts';

const sizes = { sm: 'size-9 text-sm', md: 'size-12 text-lg', lg: 'size-24 text-4xl' };
const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The member's picture, or the first letter of their name on a tinted disc. The picture follows the
 * lazyLoading setting (LazyImage); its size classes keep its box while it waits.
 */
export function Avatar({
  member,
  size = 'sm',
  className = '',
}: {
  member: Pick<PublicMember, 'username' | 'avatar' | 'role_color'>;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const base = `${sizes[size]} shrink-0 rounded-full ${className}`;
  // A picture that does not load falls back to the initial.
  if (member.avatar && !failed)
    return (
      <LazyImage
        src={member.avatar}
        alt=""
        referrerPolicy="no-referrer"
        className={`${base} object-cover`}
        data-testid="avatar-image"
        onError={() => setFailed(true)}
      />
    );
  const color = HEX.test(member.role_color) ? member.role_color : '#10b981';
  // The letter is drawn by CSS, not written in the page: it is part of the picture, so it is not
  // visible text of a control the avatar sits in (a button named "Account menu of ada" shows "ada").
  return (
    <span
      aria-hidden
      data-testid="avatar-initial"
      data-initial={Array.from(member.username)[0] ?? '?'}
      className={`${base} inline-flex items-center justify-center font-bold text-slate-900 uppercase after:content-[attr(data-initial)] dark:text-slate-100`}
      style={{ backgroundColor: `${color}40` }}
    />
  );
}

/** The role's name on a pill tinted with the role colour (the text keeps the theme's colour for contrast). */
export function RoleBadge({ member }: { member: Pick<PublicMember, 'role_display_name' | 'role_color'> }) {
  const color = HEX.test(member.role_color) ? member.role_color : '#94a3b8';
  return (
    <span
      data-testid="role-badge"
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold"
      style={{ backgroundColor: `${color}26`, borderColor: `${color}80` }}
    >
      <span className="size-2 rounded-full" style={{ backgroundColor: color }} aria-hidden />
      {member.role_display_name}
    </span>
  );
}

export function EarlySupporterBadge() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="early-supporter"
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-amber-400/15 px-2.5 py-0.5 text-xs font-semibold text-amber-700 dark:text-coin"
    >
      <Sparkles className="size-3.5" aria-hidden />
      {t('profiles.earlySupporter')}
    </span>
  );
}

/** Whether a member's profile opens for the viewer: always their own, the others while profiles are public. */
export function useProfileOpens(): (uuid: string) => boolean {
  const open = useSetting<boolean>('allow_public_profiles') !== false;
  const me = useSession().data?.userInfo.uuid;
  return (uuid) => open || uuid === me;
}

/**
 * A row naming a member: a link to the profile when it opens for the viewer, plain otherwise (with
 * profiles private the API refuses the others', so a link would lead to a refusal).
 */
export function MemberRow({
  uuid,
  className,
  linkClassName,
  ...rest
}: {
  uuid: string;
  className: string;
  linkClassName: string;
  children: ReactNode;
  'aria-current'?: 'true';
} & { [data: `data-${string}`]: string | number | boolean | undefined }) {
  if (!useProfileOpens()(uuid)) return <div className={className} {...rest} />;
  return <Link to={`/profile/${uuid}`} className={`${className} ${linkClassName}`} {...rest} />;
}
