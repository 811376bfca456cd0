import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function DeleteChoiceScreen() {
  return <ScreenPlaceholder title="Delete Choice" />;
}
