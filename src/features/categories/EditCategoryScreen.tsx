import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function EditCategoryScreen() {
  return <ScreenPlaceholder title="Edit Category" />;
}
