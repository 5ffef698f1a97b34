import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';

/** Not built yet: shows only its title so nothing pretends to work. */
export default function MyStrategiesPage() {
  return <PageTitle title={SCREEN_TITLES.myStrategies} />;
}
