import { SearchView } from '../features/search';

export default function SearchPage() {
  return <SearchView />;
}
