import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/session-context';

export function AccountMenu({ username }: { username: string }) {
  const { logout } = useSession();
  const navigate = useNavigate();

  const signOut = () => {
    logout();
    navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" miw={44} mih={44} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
          <Avatar color="blue" radius="xl">
            {username.charAt(0).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{username}</Menu.Label>
        <Menu.Item onClick={signOut} mih={44}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
