import { useParams } from 'react-router';
import ExamNoticePage from '@/features/exams/pages/exam-notice-page';
import { useStandardNotices } from '@/features/standards/api/standard-notices-api';
import { StandardNoticeList } from '@/features/standards/components/standard-notice';

/**
 * /examNotice/:typeName: the exam notice (exams feature) with the 修订提示 of the standards the exam teaches under its
 * heading (standards feature). Composed here: features do not import each other. Both are asked at once (the server
 * renders them together) and the page waits for both.
 */
export default function ExamNoticeWithStandards() {
  const { typeName = '' } = useParams();
  const notices = useStandardNotices({ examType: typeName });
  return (
    <ExamNoticePage
      belowHeaderPending={notices.isLoading}
      belowHeader={<StandardNoticeList where="exam_type" items={notices.data?.items ?? []} className="standard-notice--in-column" />}
    />
  );
}
