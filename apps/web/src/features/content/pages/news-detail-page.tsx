import { useSearchParams } from 'react-router';
import { ArticleDetailView } from '../components/article-detail';
import { newsPath } from '../lib/format';

/** /newsInformation/details?id= */
export default function NewsDetailPage() {
  const id = Number(useSearchParams()[0].get('id'));
  return <ArticleDetailView kind="news" id={id} selfPath={newsPath(id)} />;
}
