import { ActionIcon, AppShell, Box, Burger, Drawer, getDefaultZIndex, Group, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../session/session-context';
import { FoldIcon, UnfoldIcon } from '../../ui/icons';
import { useClientProfile } from '../../ui/use-client-profile';
import { useHasBeenTrue } from '../../ui/use-has-been-true';
import { AccountMenu } from './AccountMenu';
import { BusinessLogo } from './BusinessLogo';
import { HelpPanel } from './HelpPanel';
import { hasHelp } from './navigation';
import { NavigationMenu } from './NavigationMenu';
import { TopBarStatusSlot } from './TopBarStatusSlot';

const NAVBAR_WIDTH = 260;
const RAIL_WIDTH = 72;
const HELP_WIDTH = 320;
/** The floating help button's 52 px, its 20 px from the edge and a gap. */
const HELP_BUTTON_ROOM = 88;
// Mantine's `sm` breakpoint (48em = 768 px): below it the sidebar is a drawer (the specification's breakpoints).
const PHONE_QUERY = '(max-width: 47.99em)';

export function PortalLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const [sidebarVisible, setSidebarVisible] = useLocalStorage({ key: 'portal.sidebar.visible', defaultValue: true });
  const [sidebarFolded, setSidebarFolded] = useLocalStorage({ key: 'portal.sidebar.folded', defaultValue: false });
  const [railUnfolded, setRailUnfolded] = useState(false);
  const [helpOpened, setHelpOpened] = useState(false);
  // On a phone the menu sits in a closed drawer until the burger is pressed: rendering its links (and their
  // scroll area) only from the first opening on keeps them off the critical path of every start-up.
  const phoneMenuOpenedOnce = useHasBeenTrue(isPhone && drawerOpened);
  // The same for the help drawer: a closed Mantine drawer still mounts its portal and transitions, and each
  // renders again at once after mounting (total blocking time).
  const phoneHelpOpenedOnce = useHasBeenTrue(isPhone && helpOpened);
  const businessName = useClientProfile()?.business_name;

  if (!user) return null;

  const helpAvailable = hasHelp(pathname);
  const helpShown = helpAvailable && helpOpened;
  const compact = !isPhone && sidebarFolded && !railUnfolded;
  const navbarHidden = isPhone ? !drawerOpened : !sidebarVisible;

  const toggleNavigation = () => (isPhone ? drawer.toggle() : setSidebarVisible((visible) => !visible));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: compact ? RAIL_WIDTH : NAVBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !drawerOpened, desktop: !sidebarVisible },
      }}
      aside={{ width: HELP_WIDTH, breakpoint: 'sm', collapsed: { mobile: true, desktop: !helpShown } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={isPhone ? drawerOpened : sidebarVisible}
              onClick={toggleNavigation}
              aria-label="Toggle navigation"
              size="sm"
              miw={44}
              mih={44}
            />
            {!isPhone && sidebarVisible && (
              // In the top bar rather than under the links: at 1024x768 every sidebar entry fits without scrolling.
              <Tooltip label={sidebarFolded ? 'Unfold navigation' : 'Fold navigation'}>
                <ActionIcon
                  size={44}
                  variant="subtle"
                  aria-label={sidebarFolded ? 'Unfold navigation' : 'Fold navigation'}
                  aria-pressed={sidebarFolded}
                  onClick={() => {
                    setSidebarFolded((folded) => !folded);
                    setRailUnfolded(false);
                  }}
                >
                  {sidebarFolded ? <UnfoldIcon /> : <FoldIcon />}
                </ActionIcon>
              </Tooltip>
            )}
            <BusinessLogo client={user.client_details} businessName={businessName} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <TopBarStatusSlot />
            <AccountMenu username={user.username} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="xs"
        inert={navbarHidden}
        aria-hidden={navbarHidden || undefined}
        onMouseEnter={() => setRailUnfolded(true)}
        onMouseLeave={() => setRailUnfolded(false)}
        onFocus={() => setRailUnfolded(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setRailUnfolded(false);
        }}
      >
        {(!isPhone || phoneMenuOpenedOnce) && <NavigationMenu user={user} compact={compact} onNavigate={drawer.close} />}
      </AppShell.Navbar>

      {/* Room under the content for the floating "?" button, so it never covers a form's last card or the help text. */}
      <AppShell.Main style={{ minWidth: 0, paddingBottom: helpAvailable ? HELP_BUTTON_ROOM : undefined }}>
        <Outlet />
      </AppShell.Main>

      {helpShown && !isPhone && (
        <AppShell.Aside p="md" pb={HELP_BUTTON_ROOM} aria-label="Help" component="aside" style={{ overflowY: 'auto' }}>
          <HelpPanel />
        </AppShell.Aside>
      )}
      {helpAvailable && phoneHelpOpenedOnce && (
        <Drawer
          opened={helpShown && isPhone}
          onClose={() => setHelpOpened(false)}
          position="right"
          title="Quiz help"
          closeButtonProps={{ 'aria-label': 'Close help' }}
        >
          <HelpPanel />
        </Drawer>
      )}
      {helpAvailable && !(isPhone && helpShown) && (
        // Hidden while the phone's help drawer is open: it has its own close button, and the "?" covered its text.
        // Fixed in place like Mantine's Affix, without its portal (which mounts, then renders again at once).
        <Box pos="fixed" bottom={20} right={20} style={{ zIndex: getDefaultZIndex('modal') }}>
          <ActionIcon
            size={52}
            radius="xl"
            variant="filled"
            aria-label="Help"
            aria-expanded={helpShown}
            onClick={() => setHelpOpened((opened) => !opened)}
            fz="xl"
            fw={700}
          >
            ?
          </ActionIcon>
        </Box>
      )}
    </AppShell>
  );
}
