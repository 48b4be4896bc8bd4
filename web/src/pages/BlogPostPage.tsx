import { useParams, useSearchParams } from 'react-router-dom';
import { BlogPostView, PREVIEW_PARAM } from '../features/blog';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  return <BlogPostView key={slug} slug={slug} previewToken={search.get(PREVIEW_PARAM)} />;
}
