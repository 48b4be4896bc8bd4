import { withoutContentApiRoutes } from '../../utils/allow-list';

// The content-type-builder plugin's stock /api routes are not used by the site: switched off (utils/allow-list).
export default withoutContentApiRoutes;
