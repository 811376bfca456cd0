import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LogoutConfirmation } from '../../features/sync/LogoutConfirmation';
import { useSession } from '../../session/session-context';
import { notifyError } from '../../ui/notify';
import { useHasBeenTrue } from '../../ui/use-has-been-true';
import { paths } from '../../../lib/paths';

export function AccountMenu({ username }: { username: string }) {
  const { logout, waitingChanges } = useSession();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(0);
  const [menuMounted, setMenuMounted] = useState(false);
  const menuTarget = useRef<HTMLButtonElement>(null);
  // Once mounted, the menu opens as a press on its own button would, the focus on it: Mantine's menu notes
  // where the focus was when it opens (not when it mounts open), to give it back on Escape.
  useEffect(() => {
    if (!menuMounted) return;
    menuTarget.current?.focus();
    menuTarget.current?.click();
  }, [menuMounted]);
  // The confirmation (a Mantine modal, which mounts a portal even while closed) from the first time it is needed.
  const confirmationMounted = useHasBeenTrue(waiting > 0);

  const signOut = async () => {
    setWaiting(0);
    try {
      await logout();
    } catch (error) {
      notifyError(error, 'Logout failed');
    }
    navigate(paths.login(), { replace: true });
  };

  // Changes not yet on the server are lost on logout: ask first (docs/decisions.md "Offline").
  const requestLogout = async () => {
    const count = await waitingChanges();
    if (count > 0) setWaiting(count);
    else await signOut();
  };

  const avatar = (
    <Avatar color="blue" radius="xl">
      {username.charAt(0).toUpperCase()}
    </Avatar>
  );
  // The same button before and after the menu is mounted.
  const button = {
    'aria-label': 'Account menu',
    miw: 44,
    mih: 44,
    display: 'flex',
    style: { alignItems: 'center', justifyContent: 'center' },
  } as const;

  return (
    <>
      {/* Mantine's Menu (a floating-ui instance measuring its target, a portal and transitions, each rendering
          again at once after mounting) is mounted at the first press, not on every start-up. */}
      {menuMounted ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton ref={menuTarget} {...button}>
              {avatar}
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{username}</Menu.Label>
            <Menu.Item onClick={() => void requestLogout()} mih={44}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <UnstyledButton {...button} aria-haspopup="menu" aria-expanded={false} onClick={() => setMenuMounted(true)}>
          {avatar}
        </UnstyledButton>
      )}
      {confirmationMounted && (
        <LogoutConfirmation
          opened={waiting > 0}
          waiting={waiting}
          onCancel={() => setWaiting(0)}
          onLogout={() => void signOut()}
          recount={async () => {
            const count = await waitingChanges();
            setWaiting(count);
            return count;
          }}
        />
      )}
    </>
  );
}
