import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function DeleteCategoryScreen() {
  return <ScreenPlaceholder title="Delete Category" />;
}
