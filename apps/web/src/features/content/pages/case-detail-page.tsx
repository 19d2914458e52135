import { useParams } from 'react-router';
import { ArticleDetailView } from '../components/article-detail';
import { casePath } from '../lib/format';

/** /caseDatabase/article/:caseId */
export default function CaseDetailPage() {
  const id = Number(useParams().caseId);
  return <ArticleDetailView kind="case" id={id} selfPath={casePath(id)} />;
}
