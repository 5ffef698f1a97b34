import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { LABELS, TEXT } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { AuthShell } from '../../components/AuthShell';

export default function ThankYouPage() {
  return (
    <AuthShell title="GridDesk">
      <Result
        status="success"
        title={TEXT.thankYouTitle}
        subTitle={TEXT.thankYouBody}
        extra={<Link to={ROUTES.login}>{LABELS.backToSignIn}</Link>}
      />
    </AuthShell>
  );
}
