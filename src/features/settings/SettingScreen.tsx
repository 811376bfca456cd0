import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function SettingScreen() {
  return <ScreenPlaceholder title="Setting" />;
}
