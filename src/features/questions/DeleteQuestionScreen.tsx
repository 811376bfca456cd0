import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function DeleteQuestionScreen() {
  return <ScreenPlaceholder title="Delete Question" />;
}
