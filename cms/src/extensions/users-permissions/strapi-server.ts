import { withoutContentApiRoutes } from '../../utils/allow-list';
import { withPasswordCost } from '../../utils/password-cost';

// The users-permissions plugin's stock /api routes are not used by the site: switched off (utils/allow-list).
// Its users' passwords are hashed at the site's cost (utils/password-cost).
export default <P extends Parameters<typeof withoutContentApiRoutes>[0] & Parameters<typeof withPasswordCost>[0]>(plugin: P): P =>
  withPasswordCost(withoutContentApiRoutes(plugin));
