import { Link } from 'react-router';
import { LostIllustration } from './illustrations';
import { StatusScreen } from './status-screen';
import './plain-button.css';

/**
 * A public record that does not exist or was taken down (an article, an expert...), drawn without antd: what is
 * missing, why, and the way back to its list.
 */
export function RecordMissing(props: {
  title: string;
  description: string;
  back: { to: string; label: string };
}) {
  return (
    <StatusScreen
      illustration={<LostIllustration size={160} />}
      title={props.title}
      description={props.description}
      actions={
        <Link className="plain-button plain-button--primary plain-button--middle" to={props.back.to}>
          {props.back.label}
        </Link>
      }
    />
  );
}
