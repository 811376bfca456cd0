import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function AddQuestionScreen() {
  return <ScreenPlaceholder title="Add Question" />;
}
