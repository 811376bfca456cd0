import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function EditQuestionScreen() {
  return <ScreenPlaceholder title="Edit Question" />;
}
