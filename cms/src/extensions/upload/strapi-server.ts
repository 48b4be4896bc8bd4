import { withoutContentApiRoutes } from '../../utils/allow-list';

// The upload plugin's stock /api routes are not used by the site: switched off (utils/allow-list).
export default withoutContentApiRoutes;
