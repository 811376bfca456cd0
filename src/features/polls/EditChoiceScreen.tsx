import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function EditChoiceScreen() {
  return <ScreenPlaceholder title="Edit Choice" />;
}
