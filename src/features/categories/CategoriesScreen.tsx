import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function CategoriesScreen() {
  return <ScreenPlaceholder title="Categories" />;
}
