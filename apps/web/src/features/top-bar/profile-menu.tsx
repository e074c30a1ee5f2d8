import { isAdminRole, locales } from '@hostdeck/contracts';
import {
  Check,
  Coins,
  Languages,
  LogOut,
  type LucideIcon,
  Moon,
  Palette,
  ShieldCheck,
  Sun,
  UserRound,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminNav, visibleEntries } from '../../app/nav.ts';
import { useTheme } from '../../components/ui/theme-toggle.tsx';
import { isLocale, languageNames } from '../../lib/i18n.ts';
import { useUiSettings } from '../../lib/ui-settings.ts';
import { useSession } from '../../lib/use-session.ts';
import { useWide } from '../../lib/use-wide.ts';
import { useChooseLanguage } from '../account/account-api.ts';
import { openCustomization } from '../customization/host.tsx';
import { useProfile } from '../profiles/api.ts';
import { Avatar } from '../profiles/member-parts.tsx';
import { type DeferredMenuProps, useFocusFirstItem } from './deferred-menu.tsx';
import { menuLook } from './menu-look.ts';
import { ProfileTrigger } from './triggers.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 outline-none data-highlighted:bg-brand-500/15';

/**
 * The member's menu at the right of the top bar: who is signed in, the coins, account, language,
 * theme, the admin area for staff and signing out. Radix gives it the menu semantics (arrow keys,
 * Escape, closing on a click outside, focus back on the button). Not modal, like every menu of the app:
 * a modal Radix menu hides the rest of the page with aria-hidden yet leaves it focusable (axe:
 * aria-hidden-focus); Tab stays in the menu and a click outside closes it either way.
 */
export function ProfileMenu({ defaultOpen = false, focusFirst }: DeferredMenuProps) {
  const focusFirstItem = useFocusFirstItem(focusFirst);
  const { t, i18n } = useTranslation();
  const language = useChooseLanguage();
  const { data } = useSession();
  const { dark, toggle } = useTheme();
  const info = data?.userInfo ?? {};
  const member = {
    username: String(info.username ?? ''),
    avatar: typeof info.avatar === 'string' && info.avatar ? info.avatar : null,
    role_color: String(info.role_color ?? ''),
  };
  const coins = Number(info.credits ?? 0).toLocaleString(i18n.language === 'md' ? 'ro-MD' : i18n.language);
  // The admin area opens at the first of its pages the role may see: /mc-admin itself needs
  // admin.dashboard.view, which a role made for one task (say, members only) may not hold.
  const adminHome = isAdminRole(info.role) ? visibleEntries(adminNav, data?.permissions ?? [])[0]?.path : undefined;
  const look = useUiSettings().dropdown;
  const { enterClass, ...lookProps } = menuLook(look);
  const wide = useWide();
  const languageLabel = useId();
  const languageChoice = (
    <DropdownMenu.RadioGroup value={i18n.language} onValueChange={(lng) => void language.choose(lng)}>
      {locales.map((l) => (
        <DropdownMenu.RadioItem key={l} value={l} className={`${itemClass} data-[state=checked]:font-semibold`}>
          {languageNames[l]}
          <DropdownMenu.ItemIndicator className="ml-auto">
            <Check className="size-4" aria-hidden />
          </DropdownMenu.ItemIndicator>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
  // The member's profile background behind the header, when they have one and it is asked for.
  const showUserBackground = look.showBackground && look.showUserBackground;
  const background = useProfile(showUserBackground ? String(info.uuid ?? '') : '').data?.background;
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <ProfileTrigger />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={focusFirstItem}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          {...lookProps}
          className={`surface z-50 flex max-h-(--radix-dropdown-menu-content-available-height) w-64 max-w-[calc(100vw-1rem)] flex-col overflow-y-auto p-1 text-sm ${enterClass}`}
          data-testid="profile-menu-items"
        >
          <DropdownMenu.Label
            className="flex items-center gap-3 rounded-lg px-3 py-2"
            data-testid="profile-menu-header"
            style={
              showUserBackground && background
                ? {
                    // Darkened so the name and coins stay readable on any picture.
                    backgroundImage: `linear-gradient(rgb(15 23 42 / 0.55), rgb(15 23 42 / 0.55)), url(${JSON.stringify(background)})`,
                    backgroundSize: 'cover',
                    backgroundPosition: 'center',
                    color: 'white',
                  }
                : undefined
            }
          >
            <Avatar member={member} size="md" />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{member.username}</span>
              <span className="flex items-center gap-1 text-amber-700 dark:text-coin" data-testid="profile-coins">
                <Coins className="size-3.5" aria-hidden />
                {t('topBar.profile.coins', { coins })}
              </span>
            </span>
          </DropdownMenu.Label>
          <Separator />
          <LinkItem to="/account" icon={UserRound}>
            {t('nav.account')}
          </LinkItem>
          <DropdownMenu.Item className={itemClass} data-testid="profile-customization" onSelect={openCustomization}>
            <Palette className="size-4" aria-hidden />
            {t('topBar.profile.customization')}
          </DropdownMenu.Item>
          {wide ? (
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className={itemClass} data-testid="profile-language">
                <Languages className="size-4" aria-hidden />
                {t('common.language')}
                <span className="ml-auto text-xs text-muted">
                  {isLocale(i18n.language) && languageNames[i18n.language]}
                </span>
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent
                  sideOffset={4}
                  collisionPadding={8}
                  className="surface z-50 min-w-40 p-1 text-sm"
                >
                  {languageChoice}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          ) : (
            // A phone has no room beside the menu for a submenu (it opened half off the screen):
            // the languages are listed in the menu itself.
            <DropdownMenu.Group aria-labelledby={languageLabel} data-testid="profile-language-list">
              <Separator />
              <DropdownMenu.Label
                id={languageLabel}
                className="flex items-center gap-2.5 px-3 pt-2 pb-1 text-xs text-muted"
              >
                <Languages className="size-4" aria-hidden />
                {t('common.language')}
              </DropdownMenu.Label>
              {languageChoice}
              <Separator />
            </DropdownMenu.Group>
          )}
          <DropdownMenu.Item
            className={itemClass}
            data-testid="profile-theme"
            // The menu stays open so the change is seen and can be undone.
            onSelect={(e) => {
              e.preventDefault();
              toggle();
            }}
          >
            {dark ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
            {t(dark ? 'common.lightTheme' : 'common.darkTheme')}
          </DropdownMenu.Item>
          {adminHome && (
            <LinkItem to={adminHome} icon={ShieldCheck}>
              {t('nav.admin')}
            </LinkItem>
          )}
          <Separator />
          <LinkItem to="/auth/logout" icon={LogOut}>
            {t('nav.logout')}
          </LinkItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function LinkItem({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        <Icon className="size-4" aria-hidden />
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

function Separator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />;
}
