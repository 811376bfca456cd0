import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function ViewersDataScreen() {
  return <ScreenPlaceholder title="Viewers Data" />;
}
