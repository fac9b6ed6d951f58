import routes from '@atlas/generated-routes';
import {caseSensitive} from './caseSensitive';

export default caseSensitive(routes);
